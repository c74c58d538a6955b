/**
 * The route line of a proposal, pure: the places its days end at, projected onto a small drawing
 * (an inline SVG on the traveller's page, no map tiles to load and no third party told where the
 * traveller goes). An equirectangular projection is true enough across Uganda, a few degrees
 * each way of the equator; the box keeps the route's own proportions, with a margin so the end
 * marks and their labels stay inside.
 */

export type RoutePlace = { name: string; lat: number; lng: number };

export type RoutePoint = RoutePlace & { x: number; y: number; days: number[] };

export type RouteMap = {
  width: number;
  height: number;
  /** Each place once, in the order first reached, with the days that end there. */
  points: RoutePoint[];
  /** The SVG path joining the days' places in day order ('M x y L x y ...'). */
  path: string;
};

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The drawing of `stops` (one a day, in day order; a day without coordinates left out) in a box
 * `width` wide: its height follows the route's shape within [minHeight, maxHeight]. Null when no
 * stop has coordinates.
 */
export function routeMap(
  stops: readonly (RoutePlace & { day: number })[],
  { width = 320, margin = 28, minHeight = 160, maxHeight = 360 } = {},
): RouteMap | null {
  const known = stops.filter((s) => Number.isFinite(s.lat) && Number.isFinite(s.lng));
  if (known.length === 0) return null;
  const lats = known.map((s) => s.lat);
  const lngs = known.map((s) => s.lng);
  const [minLat, maxLat] = [Math.min(...lats), Math.max(...lats)];
  const [minLng, maxLng] = [Math.min(...lngs), Math.max(...lngs)];
  // Degrees of longitude shrink away from the equator: scaled by the route's middle latitude.
  const lngScale = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = (maxLng - minLng) * lngScale;
  const spanY = maxLat - minLat;
  const inner = width - 2 * margin;
  const span = Math.max(spanX, spanY);
  const scale = span > 0 ? inner / span : 0;
  const drawnHeight = spanY * scale;
  const height = Math.round(Math.min(maxHeight, Math.max(minHeight, drawnHeight + 2 * margin)));
  // A tall route drawn wider than the box allows is scaled down to fit its height.
  const fit =
    drawnHeight > 0 && drawnHeight > height - 2 * margin ? (height - 2 * margin) / drawnHeight : 1;
  const s = scale * fit;
  const offsetX = (width - spanX * s) / 2;
  const offsetY = (height - spanY * s) / 2;
  const project = (p: RoutePlace) => ({
    x: round(offsetX + (p.lng - minLng) * lngScale * s),
    y: round(offsetY + (maxLat - p.lat) * s),
  });

  const points: RoutePoint[] = [];
  const byName = new Map<string, RoutePoint>();
  const line: { x: number; y: number }[] = [];
  for (const stop of known) {
    const xy = project(stop);
    const last = line.at(-1);
    if (!last || last.x !== xy.x || last.y !== xy.y) line.push(xy);
    const seen = byName.get(stop.name);
    if (seen) seen.days.push(stop.day);
    else {
      const point = { name: stop.name, lat: stop.lat, lng: stop.lng, ...xy, days: [stop.day] };
      byName.set(stop.name, point);
      points.push(point);
    }
  }
  const path = line.map((p, i) => `${i === 0 ? "M" : "L"} ${p.x} ${p.y}`).join(" ");
  return { width, height, points, path };
}
