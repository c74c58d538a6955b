import type { SeedGuide } from "./types";

/** The operator's guide team as seeded; staff manage them in /admin/guides (decision 13). */
export const seedGuides: SeedGuide[] = [
  {
    fullName: "Moses Tumusiime",
    email: "moses.tumusiime@breatheuganda.com",
    phoneNumber: "+256 772 418 305",
    specialty: "Gorilla Trekking",
    languages: ["English", "Rukiga", "Luganda", "French"],
    isAvailable: true,
  },
  {
    fullName: "Grace Nakato",
    email: "grace.nakato@breatheuganda.com",
    phoneNumber: "+256 701 263 947",
    specialty: "Cultural Tours",
    languages: ["English", "Luganda", "Swahili"],
    isAvailable: true,
  },
  {
    fullName: "Joseph Okello",
    email: "joseph.okello@breatheuganda.com",
    phoneNumber: "+256 782 630 114",
    specialty: "Wildlife Safari",
    languages: ["English", "Acholi", "Swahili", "German"],
    isAvailable: true,
  },
  {
    fullName: "Sarah Achieng",
    email: "sarah.achieng@breatheuganda.com",
    phoneNumber: "+256 758 904 221",
    specialty: "Birding",
    languages: ["English", "Luganda", "Dutch"],
    isAvailable: true,
  },
  {
    fullName: "Brian Mugisha",
    email: "brian.mugisha@breatheuganda.com",
    phoneNumber: "+256 703 551 879",
    specialty: "Adventure & Rafting",
    languages: ["English", "Lusoga", "Luganda"],
    isAvailable: true,
  },
  {
    fullName: "Esther Namono",
    email: "esther.namono@breatheuganda.com",
    phoneNumber: "+256 774 317 062",
    specialty: "Hiking & Trekking",
    languages: ["English", "Lugisu", "Swahili", "Spanish"],
    isAvailable: false,
  },
  {
    fullName: "Daniel Ssemakula",
    email: "daniel.ssemakula@breatheuganda.com",
    phoneNumber: "+256 789 142 586",
    specialty: "Family Travel",
    languages: ["English", "Luganda", "French"],
    isAvailable: true,
  },
];
