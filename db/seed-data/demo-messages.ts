import { subDays } from "date-fns/subDays";
import { subHours } from "date-fns/subHours";
import { subMinutes } from "date-fns/subMinutes";
import { count, sql } from "drizzle-orm";

import type { ContactInput } from "@/lib/messages/schemas/contact";

import type { Db } from "../types";
import { contacts, customerMessages, newsletterSubscriptions, users } from "../schema";

/**
 * Demo rows of the admin Messages and Newsletter screens (`npm run demo`): contact messages of
 * every age badge (New, Recent, Read), with and without phone and country; two more customer
 * threads (one waiting for staff, one answered); 40 subscribers, some unsubscribed, one address
 * starting with '+' to show the CSV export's neutralising. Idempotent: skipped once contacts exist.
 */

const CONTACTS: (ContactInput & { hoursAgo: number })[] = [
  {
    name: "Sofia Lindqvist",
    email: "sofia.lindqvist@example.se",
    country: "Sweden",
    phone: "+46 70 123 45 67",
    subject: "Gorilla permits for August",
    message:
      "Hello! My husband and I would like to trek with the gorillas in Bwindi in mid-August. Are permits still available for the 14th or 15th, and could you combine the trek with two nights at Lake Bunyonyi afterwards? We are both reasonably fit but have never done a long hike at altitude.",
    hoursAgo: 1,
  },
  {
    name: "Daniel Mwangi",
    email: "daniel.mwangi@example.co.ke",
    country: "Kenya",
    phone: null,
    subject: "Group rate for a university club",
    message:
      "We are 14 students interested in the Nile Adventure in Jinja. Do you offer a group rate?",
    hoursAgo: 5,
  },
  {
    name: "Emily Carter",
    email: "emily.carter@example.com",
    country: null,
    phone: "+1 415 555 0134",
    subject: "Wheelchair access on the Murchison safari",
    message:
      "My father uses a wheelchair. Which lodges on the Murchison Falls Safari are accessible, and can the boat trip to the bottom of the falls accommodate him?",
    hoursAgo: 30,
  },
  {
    name: "Kenji Tanaka",
    email: "kenji.tanaka@example.jp",
    country: "Japan",
    phone: null,
    subject: "Birding in Mabamba swamp",
    message: "Is the shoebill stork usually seen in the morning canoe trip? I am a keen birder.",
    hoursAgo: 52,
  },
  {
    name: "Amara Okafor",
    email: "amara.okafor@example.ng",
    country: "Nigeria",
    phone: "+234 803 555 0199",
    subject: "Payment by bank transfer",
    message: "Can I pay the deposit by bank transfer instead of card? Please share the details.",
    hoursAgo: 80,
  },
  {
    name: "Lucas Moreau",
    email: "lucas.moreau@example.fr",
    country: "France",
    phone: null,
    subject: "Vegetarian meals on the crater lakes tour",
    message:
      "Bonjour, are vegetarian meals available at every lodge on the Rwenzori Crater Lakes tour?",
    hoursAgo: 120,
  },
  {
    name: "Priya Shah",
    email: "priya.shah@example.in",
    country: "India",
    phone: "+91 98765 43210",
    subject: "Visa on arrival",
    message:
      "Do Indian passport holders need an e-visa before arriving at Entebbe, or is a visa on arrival possible?",
    hoursAgo: 200,
  },
  {
    name: "Tom Becker",
    email: "tom.becker@example.de",
    country: "Germany",
    phone: null,
    subject: "Family adventure with small children",
    message:
      "Our children are 6 and 9. Which activities of the Family Adventure are suitable for them?",
    hoursAgo: 320,
  },
  {
    name: "Grace Atim",
    email: "grace.atim@example.ug",
    country: "Uganda",
    phone: "+256 701 555 010",
    subject: "Weekend trip from Kampala",
    message: "Looking for a short weekend trip from Kampala for two. Any suggestions under $500?",
    hoursAgo: 500,
  },
  {
    name: "Oliver Brown",
    email: "oliver.brown@example.co.uk",
    country: "United Kingdom",
    phone: null,
    subject: "Travel insurance",
    message: "Does the package include travel insurance or should we buy our own?",
    hoursAgo: 700,
  },
  {
    name: "Hannah Schmidt",
    email: "hannah.schmidt@example.at",
    country: "Austria",
    phone: null,
    subject: "Photography tips for gorilla trekking",
    message: "Is flash photography allowed during the gorilla hour? What lens would you recommend?",
    hoursAgo: 900,
  },
  {
    name: "Mateo García",
    email: "mateo.garcia@example.es",
    country: "Spain",
    phone: "+34 612 345 678",
    subject: "Best month for chimpanzee tracking",
    message:
      "Which months are best for chimpanzee tracking in Kibale, and how far in advance should we book?",
    hoursAgo: 1200,
  },
];

const SUBSCRIBER_NAMES = [
  "wanderlust.anna",
  "james.okello",
  "safari.sam",
  "lena.fischer",
  "kofi.mensah",
  "maria.rossi",
  "nile.rider",
  "birdwatcher.ben",
  "claire.dubois",
  "ahmed.hassan",
  "sara.nilsson",
  "peter.kato",
  "lucy.wanjiru",
  "raj.patel",
  "nina.petrova",
  "carlos.mendes",
  "julia.novak",
  "mike.obrien",
  "aisha.bello",
  "tom.harris",
  "yuki.sato",
  "eva.kowalski",
  "david.ssempa",
  "olga.ivanova",
  "leo.martin",
  "fatima.diallo",
  "noah.williams",
  "ines.costa",
  "ivan.horvat",
  "mia.jensen",
  "samuel.mukasa",
  "chloe.lambert",
  "omar.farouk",
  "zoe.clark",
  "felix.wagner",
  "rose.achieng",
  "hugo.laurent",
  "amy.nguyen",
  "george.lwanga",
];

export async function seedDemoMessages(db: Db, ids: { adminId: string; customerId: string }) {
  const [existing] = await db.select({ n: count() }).from(contacts);
  if ((existing?.n ?? 0) > 0) return;
  const now = new Date();

  await db
    .insert(contacts)
    .values(CONTACTS.map(({ hoursAgo, ...c }) => ({ ...c, createdAt: subHours(now, hoursAgo) })));

  const [customer] = await db
    .select({ email: users.email })
    .from(users)
    .where(sql`${users.id} = ${ids.customerId}`);
  if (customer) {
    const waiting = crypto.randomUUID();
    const answered = crypto.randomUUID();
    const own = { userId: ids.customerId, customerEmail: customer.email };
    await db.insert(customerMessages).values([
      {
        ...own,
        threadId: waiting,
        subject: "Changing our Nile Adventure dates",
        message:
          "Hi! Could we move our Nile Adventure two days later? Our flight into Entebbe changed.",
        createdAt: subMinutes(now, 40),
      },
      {
        ...own,
        threadId: answered,
        subject: "Packing list for the gorilla trek",
        message: "What should we pack for the trek? Do we need our own walking sticks?",
        isRead: true,
        createdAt: subDays(now, 6),
      },
      {
        ...own,
        threadId: answered,
        subject: "Packing list for the gorilla trek",
        message:
          "Good boots, long sleeves, gardening gloves and a rain jacket. Walking sticks are provided at the park office.",
        isFromAdmin: true,
        authorUserId: ids.adminId,
        isRead: true,
        createdAt: subDays(now, 5),
      },
      {
        ...own,
        threadId: answered,
        subject: "Packing list for the gorilla trek",
        message: "Perfect, thank you! And is there somewhere to charge camera batteries?",
        createdAt: subHours(now, 20),
      },
    ]);
  }

  await db
    .insert(newsletterSubscriptions)
    .values([
      ...SUBSCRIBER_NAMES.map((name, i) => ({
        email: `${name}@example.com`,
        isActive: i % 6 !== 5,
        subscribedAt: subHours(now, 3 + i * 19),
        unsubscribedAt: i % 6 === 5 ? subHours(now, i * 7) : null,
      })),
      { email: "+travel.deals@example.com", subscribedAt: subDays(now, 45) },
    ])
    .onConflictDoNothing();
}
