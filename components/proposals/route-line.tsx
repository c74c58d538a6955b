import type { RouteMap } from "@/lib/proposals/route-map";

/**
 * The route of the trip as an inline drawing: the days' places joined in day order, each place
 * marked once with its days. Drawn from our own list of places (no map service is called).
 */
export function RouteLine({ map, title }: { map: RouteMap; title: string }) {
  const last = map.points.length - 1;
  return (
    <figure className="overflow-hidden rounded-2xl border border-border/70 bg-[#f4efe3]">
      <svg
        viewBox={`0 0 ${map.width} ${map.height}`}
        role="img"
        aria-labelledby="route-title route-desc"
        className="h-auto w-full"
      >
        <title id="route-title">{title}</title>
        <desc id="route-desc">
          {map.points.map((p) => `${p.name} (day ${p.days.join(", ")})`).join(", then ")}
        </desc>
        <defs>
          <pattern id="route-grid" width="16" height="16" patternUnits="userSpaceOnUse">
            <path d="M 16 0 L 0 0 0 16" fill="none" stroke="#1f6b4a" strokeOpacity="0.06" />
          </pattern>
        </defs>
        <rect width={map.width} height={map.height} fill="url(#route-grid)" />
        <path
          d={map.path}
          fill="none"
          stroke="#c2562b"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
          strokeDasharray="6 5"
        />
        {map.points.map((p, i) => {
          const labelLeft = p.x > map.width * 0.62;
          return (
            <g key={p.name}>
              <circle
                cx={p.x}
                cy={p.y}
                r={i === 0 || i === last ? 7 : 5.5}
                fill={i === 0 ? "#0f3d2e" : "#ffffff"}
                stroke="#0f3d2e"
                strokeWidth="2.5"
              />
              <text
                x={labelLeft ? p.x - 11 : p.x + 11}
                y={p.y + 4}
                textAnchor={labelLeft ? "end" : "start"}
                fontSize="13"
                fontWeight="600"
                fill="#0f3d2e"
                stroke="#f4efe3"
                strokeWidth="3"
                paintOrder="stroke"
              >
                {p.name}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="border-t border-border/70 bg-card px-4 py-2 text-xs text-muted-foreground">
        Your route, night by night. Not to scale of the roads.
      </figcaption>
    </figure>
  );
}
