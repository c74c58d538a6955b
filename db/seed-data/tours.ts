import type { SeedTour } from "./types";

/**
 * The twelve catalogue tours seeded on first start.
 * Budget prices are the public "from" prices; all prices are integer US dollars per person.
 */
export const seedTours: SeedTour[] = [
  {
    slug: "gorilla-safari",
    balanceDueDays: 91,
    bookingMode: "both",
    title: "Gorilla Trek & Safari Escape",
    category: "Wildlife",
    location: "Bwindi Impenetrable National Park, Uganda",
    meetingPoint: "Your hotel in Kampala or Entebbe, 7:00 am on day 1",
    shortDescription:
      "Stand an arm's length from a habituated mountain gorilla family in the mist-draped forests of Bwindi, then unwind on the shores of Lake Bunyonyi.",
    overview:
      "Bwindi Impenetrable National Park is home to almost half of the world's remaining mountain gorillas, and an hour spent with a habituated family is one of the most moving wildlife encounters on earth. This five-day escape is built around that hour: a permit for a guided trek with Uganda Wildlife Authority rangers, an experienced Breathe Uganda driver-guide at your side and comfortable lodges on the forest edge.\n\n" +
      "The journey south-west is part of the adventure. You cross the equator at Kayabwe, roll through the cattle country of Ankole with its long-horned cows and climb into the terraced hills of Kigezi, often called the Switzerland of Africa.\n\n" +
      "After the trek you spend a day with the Batwa, the forest's original people, and a slow final afternoon on Lake Bunyonyi, a calm crater-fringed lake dotted with 29 islands, before returning to Kampala or Entebbe.",
    durationDays: 5,
    groupSize: "2-6 people",
    difficulty: "High",
    tags: ["gorillas", "primates", "rainforest", "bucket list"],
    highlights: [
      "One hour with a habituated mountain gorilla family",
      "Gorilla trekking permit included",
      "Equator crossing and Ankole long-horned cattle",
      "Batwa forest heritage experience",
      "Canoe time on Lake Bunyonyi",
      "Expert driver-guide in a 4x4 safari vehicle",
    ],
    itinerary: [
      {
        day: 1,
        title: "Kampala to Bwindi",
        description:
          "Leave Kampala after breakfast and head south-west, stopping at the equator monument at Kayabwe and for lunch in Mbarara. Arrive at your lodge on the edge of the forest in the late afternoon.",
      },
      {
        day: 2,
        title: "Gorilla trekking day",
        description:
          "Briefing with the park rangers at 7:30am, then trek through bamboo, vines and steep ridges to find your assigned gorilla family. Spend a full hour watching them feed, play and groom before hiking back to the lodge.",
      },
      {
        day: 3,
        title: "Batwa experience and village walk",
        description:
          "Walk with Batwa guides who share how their people hunted, gathered and healed in the forest. In the afternoon visit a community tea and craft project before dinner by the fire.",
      },
      {
        day: 4,
        title: "Bwindi to Lake Bunyonyi",
        description:
          "A scenic drive through the Kigezi highlands brings you to Lake Bunyonyi. Paddle a dugout canoe between the islands and watch the sun set over the terraced hills.",
      },
      {
        day: 5,
        title: "Return to Kampala",
        description:
          "After a relaxed breakfast with views over the lake, drive back to Kampala, with a lunch stop on the way. Drop-off at your hotel or at Entebbe International Airport.",
      },
    ],
    inclusions: [
      "One gorilla trekking permit per person",
      "4 nights' accommodation on a full-board basis",
      "Private 4x4 safari vehicle with pop-up roof and fuel",
      "English-speaking driver-guide throughout",
      "Park entrance fees and ranger-guided activities",
      "Batwa cultural experience",
      "Bottled drinking water in the vehicle",
      "Airport or hotel pick-up and drop-off",
    ],
    exclusions: [
      "International flights and Uganda visa",
      "Travel and medical insurance",
      "Porter fees on trek day (about US$20, optional but recommended)",
      "Alcoholic drinks, laundry and personal items",
      "Tips for guides, rangers and lodge staff",
    ],
    packages: [
      {
        name: "Budget",
        price: 1200,
        per: "person",
        description: "Clean, comfortable community guesthouses near the park gate.",
      },
      {
        name: "Standard",
        price: 1800,
        per: "person",
        description: "Mid-range forest lodges with en-suite cottages and a private vehicle.",
      },
      {
        name: "Luxury",
        price: 2500,
        per: "person",
        description: "Boutique lodges overlooking the canopy, spa treatment and premium private guiding.",
      },
    ],
    image: "/images/tours/gorilla-safari.svg",
    featuredRank: 1,
  },
  {
    slug: "nile-adventure",
    balanceDueDays: 60,
    bookingMode: "both",
    title: "Nile Adventure in Jinja",
    category: "Adventure",
    location: "Jinja, Source of the Nile, Uganda",
    meetingPoint: "Your hotel in Kampala or Entebbe, 7:30 am on day 1",
    shortDescription:
      "Raft the rapids of the world's longest river, cruise to the Source of the Nile and try your hand at kayaking, quad biking or a bungee jump in Uganda's adventure capital.",
    overview:
      "Jinja sits where the White Nile leaves Lake Victoria to begin its 6,650 km journey to the Mediterranean. The town has grown into East Africa's adventure capital, and this three-day trip gives you the best of it with a team of certified river guides and safety kayakers.\n\n" +
      "The heart of the trip is a full day of white-water rafting on big-volume rapids graded 3 to 5, with calm stretches in between for swimming and spotting kingfishers and otters. If you prefer gentler water, a family float option is available on the same day.\n\n" +
      "Around the river you can add a sunset boat cruise to the Source of the Nile, a quad-bike ride through villages and sugar plantations, stand-up paddle boarding or a horseback ride along the riverbank. Evenings are spent at a riverside lodge with the sound of the water below.",
    durationDays: 3,
    groupSize: "2-12 people",
    difficulty: "Medium",
    tags: ["rafting", "river", "adrenaline", "Jinja"],
    highlights: [
      "Full-day white-water rafting on grade 3-5 rapids",
      "Sunset cruise to the Source of the Nile",
      "Quad biking through riverside villages",
      "Optional bungee jump or kayaking session",
      "Riverside lodge with views over the Nile",
      "Stop at Mabira Forest on the way",
    ],
    itinerary: [
      {
        day: 1,
        title: "Kampala to Jinja and the Source of the Nile",
        description:
          "Drive east through the Mabira Forest to Jinja. In the late afternoon take a boat cruise to the spot where the Nile leaves Lake Victoria, with drinks as the sun goes down.",
      },
      {
        day: 2,
        title: "White-water rafting day",
        description:
          "After a safety briefing, spend the day rafting a series of famous rapids with professional guides and safety kayakers. Lunch is served on an island, and photos and video of your run are included.",
      },
      {
        day: 3,
        title: "Quad biking and return to Kampala",
        description:
          "Ride quad bikes through sugar cane and village trails, or choose kayaking, paddle boarding or horseback riding. Return to Kampala in the afternoon.",
      },
    ],
    inclusions: [
      "2 nights' riverside accommodation with breakfast and dinner",
      "Full-day rafting with guides, safety kayakers and equipment",
      "Source of the Nile sunset boat cruise",
      "Two-hour guided quad-bike safari",
      "Lunch on rafting day",
      "Private transport from and back to Kampala",
      "Bottled water throughout",
    ],
    exclusions: [
      "Bungee jump and other optional activities",
      "Travel insurance (must cover adventure sports)",
      "Lunches on days 1 and 3",
      "Drinks, tips and personal expenses",
    ],
    packages: [
      {
        name: "Budget",
        price: 450,
        per: "person",
        description: "Backpacker-style riverside camp with safari tents and shared facilities.",
      },
      {
        name: "Standard",
        price: 680,
        per: "person",
        description: "Comfortable en-suite riverside cottages and a private vehicle.",
      },
      {
        name: "Luxury",
        price: 980,
        per: "person",
        description: "Boutique river lodge with pool, private cruise and all meals.",
      },
    ],
    image: "/images/tours/nile-adventure.svg",
    featuredRank: 2,
  },
  {
    slug: "crater-lakes",
    balanceDueDays: 60,
    bookingMode: "request",
    title: "Rwenzori Crater Lakes & Chimp Hike",
    category: "Nature",
    location: "Fort Portal and Kibale National Park, Uganda",
    meetingPoint: "Your hotel in Kampala or Entebbe, 7:00 am on day 1",
    shortDescription:
      "Track chimpanzees in Kibale Forest, walk the rim of emerald crater lakes and hike the green foothills of the Mountains of the Moon around Fort Portal.",
    overview:
      "Fort Portal is Uganda's most beautiful town, set among tea estates beneath the snow-capped Rwenzori Mountains, the legendary Mountains of the Moon. Around it lie more than fifty volcanic crater lakes, each a deep bowl of green water ringed by forest and banana gardens.\n\n" +
      "Next door, Kibale National Park has one of the highest concentrations of primates in the world, with 13 species including some 1,500 chimpanzees. You join rangers on a morning chimp trek and later walk the Bigodi Wetland Sanctuary, a community project famous for red colobus monkeys and the great blue turaco.\n\n" +
      "The remaining days are for slow exploration on foot: crater-rim walks, the Top of the World viewpoint over three lakes, the Amabere caves and a guided hike into the Rwenzori foothills with a local mountain guide.",
    durationDays: 6,
    groupSize: "2-8 people",
    difficulty: "Medium",
    tags: ["chimpanzees", "crater lakes", "hiking", "Fort Portal"],
    highlights: [
      "Chimpanzee tracking in Kibale National Park",
      "Bigodi Wetland Sanctuary community walk",
      "Top of the World viewpoint over three crater lakes",
      "Rwenzori foothills hike with a local guide",
      "Tea estate and Amabere caves visit",
      "Swim in a bilharzia-free crater lake",
    ],
    itinerary: [
      {
        day: 1,
        title: "Kampala to Fort Portal",
        description:
          "Drive west through Mityana and Mubende, arriving in Fort Portal for lunch. Settle into your crater-lake lodge and watch the sunset over the Rwenzoris.",
      },
      {
        day: 2,
        title: "Chimpanzee tracking in Kibale",
        description:
          "Meet the rangers at Kanyanchu for a morning chimp trek and an hour with a habituated community. In the afternoon walk the Bigodi Wetland Sanctuary in search of monkeys and turacos.",
      },
      {
        day: 3,
        title: "Crater lakes walk",
        description:
          "Hike between the crater lakes of Ndali-Kasenda, climbing to the Top of the World viewpoint and passing local homesteads. Swim or kayak on a calm lake in the afternoon.",
      },
      {
        day: 4,
        title: "Rwenzori foothills hike",
        description:
          "Join a Bakonzo mountain guide for a day hike through the foothills of the Rwenzori Mountains, with rivers, waterfalls and views of the high peaks on a clear day.",
      },
      {
        day: 5,
        title: "Tea, caves and Fort Portal",
        description:
          "Tour a tea estate, explore the Amabere caves and waterfall, and visit the Tooro royal palace hill for a panorama of Fort Portal. Farewell dinner at the lodge.",
      },
      {
        day: 6,
        title: "Return to Kampala",
        description:
          "Drive back to Kampala after breakfast, with a lunch stop along the way and drop-off at your hotel or the airport.",
      },
    ],
    inclusions: [
      "Chimpanzee tracking permit in Kibale National Park",
      "5 nights' accommodation on a full-board basis",
      "Private 4x4 safari vehicle with driver-guide and fuel",
      "Bigodi Wetland Sanctuary guided walk",
      "Rwenzori foothills day hike with local guide",
      "Crater lakes guided walk",
      "Park entrance fees",
      "Bottled drinking water",
    ],
    exclusions: [
      "International flights and visas",
      "Travel insurance",
      "Drinks, laundry and personal items",
      "Tips and gratuities",
      "Optional activities not in the itinerary",
    ],
    packages: [
      {
        name: "Budget",
        price: 890,
        per: "person",
        description: "Friendly guesthouses and bandas close to the lakes and forest.",
      },
      {
        name: "Standard",
        price: 1340,
        per: "person",
        description: "Crater-rim lodges with en-suite cottages and lake views.",
      },
      {
        name: "Luxury",
        price: 1920,
        per: "person",
        description: "Premium lodges on the crater rims, fine dining and private guiding.",
      },
    ],
    image: "/images/tours/crater-lakes.svg",
    featuredRank: null,
  },
  {
    slug: "lake-bunyonyi",
    balanceDueDays: 60,
    bookingMode: "both",
    title: "Lake Bunyonyi Island Retreat",
    category: "Nature",
    location: "Lake Bunyonyi, Kabale, Uganda",
    meetingPoint: "Your hotel in Kampala or Entebbe, 6:30 am on day 1",
    shortDescription:
      "Slow down on the 'lake of little birds', paddling dugout canoes between terraced islands and waking to mist over the Kigezi hills.",
    overview:
      "Lake Bunyonyi is one of Africa's deepest lakes and, for many travellers, the most peaceful place in Uganda. Its 29 islands sit in a maze of bays below steep hills terraced with sorghum, beans and potatoes, and the name means 'place of many little birds'.\n\n" +
      "This retreat is about unhurried days: canoe trips to the islands and their stories, including Akampene, the tiny Punishment Island, gentle hikes along the ridges, village visits and long lunches on a deck over the water. The lake is free of bilharzia and crocodiles, so swimming is safe.\n\n" +
      "It is an easy add-on after a gorilla trek, or a restful break of its own, reached by a beautiful drive across the equator and through the Ankole and Kigezi highlands.",
    durationDays: 4,
    groupSize: "2-10 people",
    difficulty: "Easy",
    tags: ["lake", "canoeing", "relaxation", "Kigezi"],
    highlights: [
      "Dugout canoe tour of the islands",
      "Story of Akampene, the Punishment Island",
      "Ridge-top hike with views over 29 islands",
      "Swimming in a bilharzia-free lake",
      "Visit to a local Bakiga homestead and school",
      "Sunrise birdwatching from the water",
    ],
    itinerary: [
      {
        day: 1,
        title: "Kampala to Lake Bunyonyi",
        description:
          "Cross the equator at Kayabwe and drive through Mbarara and the Kigezi hills to Lake Bunyonyi. Arrive in time for sunset from your island or lakeshore lodge.",
      },
      {
        day: 2,
        title: "Island canoe tour",
        description:
          "Paddle a dugout canoe with a local guide to Akampene, Bwama and other islands, hearing their history and legends. The afternoon is free for swimming or relaxing.",
      },
      {
        day: 3,
        title: "Hills, villages and viewpoints",
        description:
          "Hike to a ridge-top viewpoint above the lake, visit a Bakiga family farm and a local market, then return by boat for an evening by the fire.",
      },
      {
        day: 4,
        title: "Return to Kampala",
        description:
          "Take an early paddle to watch the mist lift off the water, then drive back to Kampala after breakfast.",
      },
    ],
    inclusions: [
      "3 nights' lakeside accommodation on a full-board basis",
      "Guided dugout canoe island tour",
      "Guided ridge and village hike",
      "Boat transfers on the lake",
      "Private transport with driver-guide",
      "Community visit fees",
      "Bottled drinking water",
    ],
    exclusions: [
      "International flights and visas",
      "Travel insurance",
      "Drinks and personal expenses",
      "Tips for guides and staff",
    ],
    packages: [
      {
        name: "Budget",
        price: 680,
        per: "person",
        description: "Simple island bandas and eco-campsites with lake views.",
      },
      {
        name: "Standard",
        price: 1020,
        per: "person",
        description: "En-suite lakeside cottages with private decks.",
      },
      {
        name: "Luxury",
        price: 1460,
        per: "person",
        description: "Exclusive island lodge with panoramic suites and private boat.",
      },
    ],
    image: "/images/tours/lake-bunyonyi.svg",
    featuredRank: null,
  },
  {
    slug: "murchison-safari",
    balanceDueDays: 60,
    bookingMode: "both",
    title: "Murchison Falls Safari",
    category: "Wildlife",
    location: "Murchison Falls National Park, Uganda",
    meetingPoint: "Your hotel in Kampala or Entebbe, 7:00 am on day 1",
    shortDescription:
      "Track rhinos on foot at Ziwa, search for lions and giraffes on the Nile delta plains and watch the whole river force itself through a 7-metre gorge.",
    overview:
      "Murchison Falls is Uganda's largest national park and one of its most dramatic. The Nile squeezes through a gap only seven metres wide and thunders 43 metres down, then spreads into a wide, calm river rich with hippos, crocodiles and waterbirds.\n\n" +
      "On the way north you stop at Ziwa Rhino Sanctuary to track southern white rhinos on foot, the only place in Uganda to see them in the wild. In the park, game drives on the northern plains of Buligi reveal Rothschild's giraffes, elephants, buffalo, Uganda kob, lions and, with luck, leopards.\n\n" +
      "A launch cruise takes you upstream to the foot of the falls, and a short hike brings you to the top, where the roar and spray are unforgettable. It is a compact safari with a remarkable variety of wildlife.",
    durationDays: 4,
    groupSize: "2-12 people",
    difficulty: "Easy",
    tags: ["safari", "big game", "rhinos", "boat cruise"],
    highlights: [
      "Rhino tracking on foot at Ziwa Rhino Sanctuary",
      "Game drives for giraffes, elephants and lions",
      "Launch cruise to the foot of the falls",
      "Hike to the top of Murchison Falls",
      "Hippos and crocodiles along the Nile",
      "Chance to spot the shoebill in the delta",
    ],
    itinerary: [
      {
        day: 1,
        title: "Kampala to Murchison via Ziwa",
        description:
          "Drive north to Ziwa Rhino Sanctuary and track white rhinos on foot with a ranger. Continue to Murchison Falls National Park for dinner and the night.",
      },
      {
        day: 2,
        title: "Game drive and launch cruise",
        description:
          "Cross the Nile by ferry at dawn for a game drive on the Buligi plains. After lunch, cruise upstream past hippos and crocodiles to the foot of the falls.",
      },
      {
        day: 3,
        title: "Top of the falls and delta",
        description:
          "Hike to the top of Murchison Falls to feel the river's power. Spend the afternoon on an optional delta boat trip or a second game drive at golden hour.",
      },
      {
        day: 4,
        title: "Return to Kampala",
        description:
          "Take a last morning game drive or forest walk, then drive back to Kampala, arriving in the late afternoon.",
      },
    ],
    inclusions: [
      "3 nights' accommodation on a full-board basis",
      "Rhino tracking at Ziwa Rhino Sanctuary",
      "Launch cruise to the bottom of the falls",
      "Game drives with a UWA ranger guide",
      "Park entrance and ferry fees",
      "Private 4x4 safari vehicle with pop-up roof",
      "Professional driver-guide and fuel",
      "Bottled drinking water",
    ],
    exclusions: [
      "International flights and visas",
      "Delta boat trip and other optional activities",
      "Travel insurance",
      "Drinks, laundry and tips",
    ],
    packages: [
      {
        name: "Budget",
        price: 780,
        per: "person",
        description: "Riverside bandas and safari tents inside or near the park.",
      },
      {
        name: "Standard",
        price: 1170,
        per: "person",
        description: "Mid-range safari lodges with pool and Nile views.",
      },
      {
        name: "Luxury",
        price: 1680,
        per: "person",
        description: "Top riverfront lodges, private game drives and sundowners.",
      },
    ],
    image: "/images/tours/murchison-safari.svg",
    featuredRank: 3,
  },
  {
    slug: "karamoja-cultural",
    balanceDueDays: 60,
    bookingMode: "request",
    title: "Karamoja & Kidepo Cultural Expedition",
    category: "Cultural",
    location: "Karamoja and Kidepo Valley National Park, Uganda",
    meetingPoint: "Entebbe International Airport (domestic terminal), 8:00 am on day 1",
    shortDescription:
      "Journey into Uganda's wild north-east to share a day with Karimojong herders in their manyatta, meet the Ik people of Morungole and explore remote Kidepo Valley.",
    overview:
      "Karamoja is Uganda's last frontier: a vast semi-arid land of granite inselbergs, acacia plains and proud pastoral peoples. The Karimojong still live much as their ancestors did, moving cattle between homesteads and grazing lands and dressing in bright shukas and beadwork.\n\n" +
      "With a local guide from the community you visit a manyatta, learn about cattle, songs and the age-set system, and stay in Moroto beneath Mount Moroto. Further north, a hike into the Morungole Mountains leads to the villages of the Ik, a small mountain people with their own language.\n\n" +
      "The expedition ends in Kidepo Valley National Park, regularly ranked among Africa's finest wilderness parks: golden plains with buffalo herds, lions, cheetahs, ostriches and elephants, and almost no other visitors.",
    durationDays: 7,
    groupSize: "2-8 people",
    difficulty: "Medium",
    tags: ["culture", "Karimojong", "Kidepo", "remote"],
    highlights: [
      "Day with a Karimojong family in their manyatta",
      "Hike to the Ik villages of the Morungole Mountains",
      "Game drives in the Narus Valley of Kidepo",
      "Traditional dance and song performance",
      "Views across granite inselbergs and acacia plains",
      "Kanangorok hot springs on the South Sudan border",
    ],
    itinerary: [
      {
        day: 1,
        title: "Kampala to Mbale",
        description:
          "Drive east past Jinja to Mbale at the foot of Mount Elgon, a relaxed first stop on the long road north-east.",
      },
      {
        day: 2,
        title: "Mbale to Moroto",
        description:
          "Enter Karamoja through wide plains and rocky hills to Moroto. In the evening meet your community guide and learn what to expect in the villages.",
      },
      {
        day: 3,
        title: "Karimojong manyatta visit",
        description:
          "Spend the day in a Karimojong manyatta, helping with cattle, grinding sorghum and sharing songs and dances. Return to Moroto for the night.",
      },
      {
        day: 4,
        title: "Moroto to Kidepo Valley",
        description:
          "Drive north through Kotido and Kaabong into Kidepo Valley National Park, game viewing on the way to your lodge at Apoka.",
      },
      {
        day: 5,
        title: "Narus Valley and Kanangorok",
        description:
          "Morning game drive in the Narus Valley for lions, buffalo and elephants, and an afternoon drive across the Kidepo Valley to the Kanangorok hot springs.",
      },
      {
        day: 6,
        title: "Ik people of Morungole",
        description:
          "Hike with a ranger and local guide into the Morungole Mountains to visit an Ik village and hear about their history and way of life.",
      },
      {
        day: 7,
        title: "Return south",
        description:
          "Drive back to Kampala via Gulu and Karuma Falls, or take a scheduled flight from Apoka airstrip for an additional fee.",
      },
    ],
    inclusions: [
      "6 nights' accommodation on a full-board basis",
      "Private 4x4 safari vehicle with driver-guide and fuel",
      "Karimojong community guide and manyatta visit fees",
      "Ik village visit with ranger escort",
      "Kidepo Valley park entrance and game drives",
      "Traditional dance performance",
      "Bottled drinking water",
    ],
    exclusions: [
      "Domestic flight from Apoka (optional)",
      "International flights and visas",
      "Travel insurance",
      "Drinks and personal expenses",
      "Tips and community donations",
    ],
    packages: [
      {
        name: "Budget",
        price: 920,
        per: "person",
        description: "Simple guesthouses and park bandas on a full-board basis.",
      },
      {
        name: "Standard",
        price: 1380,
        per: "person",
        description: "Comfortable lodges and tented camps with en-suite rooms.",
      },
      {
        name: "Luxury",
        price: 1980,
        per: "person",
        description: "Premium lodges in Kidepo with private guide and return flight.",
      },
    ],
    image: "/images/tours/karamoja-cultural.svg",
    featuredRank: null,
  },
  {
    slug: "kampala-cultural",
    balanceDueDays: 60,
    bookingMode: "both",
    title: "Kampala City & Buganda Heritage Tour",
    category: "Cultural",
    location: "Kampala, Uganda",
    meetingPoint: "Your hotel in Kampala, 8:30 am",
    shortDescription:
      "Two days in Uganda's lively capital: royal tombs, palaces, markets, mosques and martyrs' shrines, ending with a night of traditional music and dance.",
    overview:
      "Kampala was built on seven hills, and each of them tells part of Uganda's story. This two-day tour with a local historian-guide takes you through the heritage of the Buganda Kingdom, the country's faiths and the colourful chaos of its markets.\n\n" +
      "You visit the Kasubi Tombs, a UNESCO World Heritage Site where four Kabakas are buried, the Lubiri palace at Mengo and the Bulange parliament along the royal mile, and climb the minaret of the Uganda National Mosque for the best view of the city. The Uganda Martyrs Shrine at Namugongo, the Baha'i Temple and Namirembe Cathedral complete the picture.\n\n" +
      "Along the way there is time for a rolex (the famous chapati and egg roll) from a street stall, a walk through Nakasero Market and an evening at the Ndere Cultural Centre, where dancers from every region of Uganda perform.",
    durationDays: 2,
    groupSize: "2-12 people",
    difficulty: "Easy",
    tags: ["city tour", "Buganda", "history", "food"],
    highlights: [
      "Kasubi Tombs, a UNESCO World Heritage Site",
      "Mengo Palace and the Buganda royal mile",
      "Panoramic view from the National Mosque minaret",
      "Uganda Martyrs Shrine at Namugongo",
      "Street food tasting and Nakasero Market walk",
      "Evening show at the Ndere Cultural Centre",
    ],
    itinerary: [
      {
        day: 1,
        title: "Royal Buganda and city hills",
        description:
          "Visit the Kasubi Tombs, the Bulange and Mengo Palace, then climb the National Mosque minaret. After a local lunch, explore Nakasero Market and the busy downtown streets.",
      },
      {
        day: 2,
        title: "Faith, crafts and culture",
        description:
          "See the Uganda Martyrs Shrine at Namugongo, the Baha'i Temple and Namirembe Cathedral, and shop for crafts at a local market. End with dinner and a performance at the Ndere Cultural Centre.",
      },
    ],
    inclusions: [
      "1 night in a Kampala hotel with breakfast",
      "Local historian-guide for both days",
      "All entrance fees to listed sites",
      "Two lunches and one dinner",
      "Ndere Cultural Centre show",
      "Street food tasting",
      "Air-conditioned transport with driver",
    ],
    exclusions: [
      "Airport transfers (available on request)",
      "Drinks and personal shopping",
      "Travel insurance",
      "Tips for guides",
    ],
    packages: [
      {
        name: "Budget",
        price: 320,
        per: "person",
        description: "Cosy city guesthouse and shared guided transport.",
      },
      {
        name: "Standard",
        price: 480,
        per: "person",
        description: "Four-star hotel on Kololo hill and a private guide.",
      },
      {
        name: "Luxury",
        price: 690,
        per: "person",
        description: "Five-star hotel, private guide and chef-led food tour.",
      },
    ],
    image: "/images/tours/kampala-cultural.svg",
    featuredRank: null,
  },
  {
    slug: "bwindi-wellness",
    balanceDueDays: 91,
    bookingMode: "request",
    title: "Bwindi Forest Wellness Retreat",
    category: "Nature",
    location: "Bwindi Impenetrable Forest, Buhoma, Uganda",
    meetingPoint: "Your hotel in Kampala or Entebbe, 6:30 am on day 1",
    shortDescription:
      "Breathe in one of Africa's oldest rainforests with sunrise yoga, guided forest bathing, waterfall walks and restorative spa treatments on the edge of Bwindi.",
    overview:
      "Bwindi's forest has stood for more than 25,000 years, and its cool, misty air is the reason we are called Breathe Uganda. This retreat is designed to slow you down: mornings of yoga and meditation on a deck above the canopy, and unhurried guided walks that let the forest do its work.\n\n" +
      "Each day combines movement and rest. Walk the Munyaga River trail to a hidden waterfall, learn about medicinal plants from a Batwa healer, visit the community tea gardens and enjoy massage and spa treatments using locally grown ingredients. Meals are fresh, seasonal and largely plant-based.\n\n" +
      "If you would like to see the gorillas, a trekking permit can be added for one of the days; the retreat is equally rewarding without it.",
    durationDays: 5,
    groupSize: "2-8 people",
    difficulty: "Easy",
    tags: ["wellness", "yoga", "rainforest", "slow travel"],
    highlights: [
      "Daily sunrise yoga and guided meditation",
      "Forest bathing walks with a naturalist",
      "Munyaga River waterfall trail",
      "Batwa medicinal plant walk",
      "Two spa treatments per guest",
      "Farm-to-table, mostly plant-based meals",
    ],
    itinerary: [
      {
        day: 1,
        title: "Arrival in Bwindi",
        description:
          "Fly to Kihihi airstrip or drive from Kampala to Buhoma. Settle into your forest lodge with a welcome tea ceremony and an evening breathing session.",
      },
      {
        day: 2,
        title: "Forest bathing and waterfall",
        description:
          "After sunrise yoga, walk the Munyaga River trail to a waterfall with a naturalist guide. The afternoon is free for rest, journaling or a massage.",
      },
      {
        day: 3,
        title: "Healing plants and community",
        description:
          "Join a Batwa healer on a medicinal plant walk, then visit a community tea garden and craft cooperative. End the day with a restorative spa treatment.",
      },
      {
        day: 4,
        title: "Canopy views and quiet time",
        description:
          "Morning meditation, then a gentle ridge walk with views across the forest canopy. Optional gorilla trek for those with an added permit.",
      },
      {
        day: 5,
        title: "Departure",
        description:
          "A final yoga session and a slow breakfast before your flight or drive back to Kampala or Entebbe.",
      },
    ],
    inclusions: [
      "4 nights at a forest-edge lodge with all meals",
      "Daily yoga and meditation sessions",
      "Guided forest and waterfall walks",
      "Batwa medicinal plant walk",
      "Two spa treatments per guest",
      "Community tea garden visit",
      "Road transfers from and to Kampala",
      "Park entry fees for forest walks",
    ],
    exclusions: [
      "Gorilla trekking permit (optional add-on)",
      "Domestic flights to Kihihi (optional)",
      "Additional spa treatments",
      "Alcoholic drinks",
      "Travel insurance and tips",
    ],
    packages: [
      {
        name: "Budget",
        price: 1150,
        per: "person",
        description: "Eco-lodge rooms with shared yoga deck and group sessions.",
      },
      {
        name: "Standard",
        price: 1720,
        per: "person",
        description: "Private forest cottages with balcony and extra spa time.",
      },
      {
        name: "Luxury",
        price: 2480,
        per: "person",
        description: "Luxury suites, private instructor and daily spa treatments.",
      },
    ],
    image: "/images/tours/bwindi-wellness.svg",
    featuredRank: null,
  },
  {
    slug: "sipi-falls",
    balanceDueDays: 60,
    bookingMode: "both",
    title: "Sipi Falls & Mount Elgon Hike",
    category: "Adventure",
    location: "Sipi Falls, Mount Elgon, Uganda",
    meetingPoint: "Your hotel in Kampala or Entebbe, 7:00 am on day 1",
    shortDescription:
      "Hike to three spectacular waterfalls on the slopes of Mount Elgon, abseil beside the main drop and taste Bugisu Arabica coffee from bean to cup.",
    overview:
      "On the western slopes of Mount Elgon, an ancient extinct volcano on the Kenyan border, the Sipi River tumbles over three cliffs in a series of waterfalls, the highest dropping about 100 metres. The views from the escarpment stretch across the plains to Lake Kyoga.\n\n" +
      "This three-day trip combines a guided hike to all three falls with a coffee experience on a family farm, where Bugisu Arabica is grown, picked, roasted and brewed by hand. Adventurous guests can abseil down the cliff beside the main fall or try rock climbing on the escarpment.\n\n" +
      "The cool highland air, friendly Bagisu villages and lodges perched on the cliff edge make Sipi one of Uganda's most rewarding short escapes.",
    durationDays: 3,
    groupSize: "2-10 people",
    difficulty: "Medium",
    tags: ["waterfalls", "hiking", "coffee", "Mount Elgon"],
    highlights: [
      "Guided hike to all three Sipi waterfalls",
      "Optional 100-metre abseil beside the main fall",
      "Bean-to-cup Bugisu Arabica coffee tour",
      "Views over the plains towards Lake Kyoga",
      "Cliff-edge lodge on the Elgon escarpment",
      "Rock climbing on the escarpment (optional)",
    ],
    itinerary: [
      {
        day: 1,
        title: "Kampala to Sipi",
        description:
          "Drive east via Jinja and Mbale to Sipi, climbing the slopes of Mount Elgon. Watch the sunset over the plains from your cliff-edge lodge.",
      },
      {
        day: 2,
        title: "Three waterfalls hike",
        description:
          "Hike with a local guide to all three falls, passing coffee gardens and villages and swimming in a pool below the second fall. Abseiling is available in the afternoon.",
      },
      {
        day: 3,
        title: "Coffee tour and return",
        description:
          "Spend the morning on a family coffee farm learning to pick, roast and brew Bugisu Arabica, then drive back to Kampala.",
      },
    ],
    inclusions: [
      "2 nights' accommodation on a full-board basis",
      "Guided three-waterfalls hike",
      "Coffee farm experience and tasting",
      "Community and trail fees",
      "Private transport with driver-guide",
      "Bottled drinking water",
    ],
    exclusions: [
      "Abseiling and rock climbing (optional extras)",
      "Travel insurance",
      "Drinks and personal expenses",
      "Tips for guides and staff",
    ],
    packages: [
      {
        name: "Budget",
        price: 580,
        per: "person",
        description: "Simple cliff-top bandas and campsite with a waterfall view.",
      },
      {
        name: "Standard",
        price: 870,
        per: "person",
        description: "En-suite cottages on the escarpment edge.",
      },
      {
        name: "Luxury",
        price: 1250,
        per: "person",
        description: "Best lodge in Sipi, abseil included and private guide.",
      },
    ],
    image: "/images/tours/sipi-falls.svg",
    featuredRank: null,
  },
  {
    slug: "birding-paradise",
    balanceDueDays: 60,
    bookingMode: "both",
    title: "Shoebills & Forest Birds Birding Safari",
    category: "Wildlife",
    location: "Mabamba Swamp, Budongo Forest and Murchison Falls, Uganda",
    meetingPoint: "Your hotel in Entebbe, 6:00 am on day 1",
    shortDescription:
      "Search for the prehistoric-looking shoebill by canoe in Mabamba Swamp, then bird the Royal Mile of Budongo Forest and the Nile delta with a specialist guide.",
    overview:
      "Uganda has recorded more than 1,000 bird species in an area the size of Britain, making it one of the richest birding destinations in Africa. This six-day safari, led by a specialist birding guide, covers wetland, forest and savanna habitats for a long and varied list.\n\n" +
      "It begins in Entebbe's Botanical Gardens and at Mabamba Swamp on the shores of Lake Victoria, where local fishermen paddle you through papyrus channels in search of the shoebill. You then head north to Budongo Forest and its legendary Royal Mile, home to the chocolate-backed kingfisher, the African dwarf kingfisher and the rare Puvel's illadopsis.\n\n" +
      "The final days in Murchison Falls National Park add savanna species and a boat trip to the Nile delta, with another chance of shoebills alongside Goliath herons, African skimmers and red-throated bee-eaters.",
    durationDays: 6,
    groupSize: "2-6 people",
    difficulty: "Easy",
    tags: ["birding", "shoebill", "wetlands", "photography"],
    highlights: [
      "Canoe search for the shoebill in Mabamba Swamp",
      "Birding the Royal Mile in Budongo Forest",
      "Entebbe Botanical Gardens morning walk",
      "Nile delta boat trip in Murchison Falls",
      "Savanna game drive with birds and big game",
      "Specialist birding guide with scope",
    ],
    itinerary: [
      {
        day: 1,
        title: "Entebbe Botanical Gardens",
        description:
          "Arrive in Entebbe and spend the afternoon birding the Botanical Gardens on the Lake Victoria shore, with great blue turacos and Ross's turacos likely.",
      },
      {
        day: 2,
        title: "Mabamba Swamp to Masindi",
        description:
          "Canoe through the papyrus channels of Mabamba Swamp in search of the shoebill, then drive north to Masindi, birding along the way.",
      },
      {
        day: 3,
        title: "Budongo Forest Royal Mile",
        description:
          "Spend the day on the Royal Mile, a wide forest track famous for kingfishers, wood-hoopoes, greenbuls and forest flycatchers.",
      },
      {
        day: 4,
        title: "Into Murchison Falls",
        description:
          "Bird Kaniyo Pabidi forest in the morning and enter Murchison Falls National Park, stopping at the top of the falls in the afternoon.",
      },
      {
        day: 5,
        title: "Nile delta boat trip",
        description:
          "Take a morning boat trip to the Nile delta for shoebills, herons and skimmers, followed by an afternoon savanna game drive.",
      },
      {
        day: 6,
        title: "Return to Kampala",
        description:
          "Final early birding session, then drive back to Kampala or Entebbe with stops for any species still missing from your list.",
      },
    ],
    inclusions: [
      "5 nights' accommodation on a full-board basis",
      "Specialist birding guide with spotting scope",
      "Mabamba Swamp canoe excursion",
      "Budongo Forest Royal Mile fees",
      "Nile delta boat trip",
      "Park entrance fees",
      "Private 4x4 vehicle with pop-up roof",
      "Bottled water and field checklist",
    ],
    exclusions: [
      "International flights and visas",
      "Travel insurance",
      "Binoculars and camera equipment",
      "Drinks, laundry and tips",
    ],
    packages: [
      {
        name: "Budget",
        price: 850,
        per: "person",
        description: "Simple lodges and bandas close to the birding sites.",
      },
      {
        name: "Standard",
        price: 1280,
        per: "person",
        description: "Mid-range lodges with early breakfasts for birders.",
      },
      {
        name: "Luxury",
        price: 1830,
        per: "person",
        description: "Top lodges, private boat trips and a dedicated birding guide.",
      },
    ],
    image: "/images/tours/birding-paradise.svg",
    featuredRank: null,
  },
  {
    slug: "lakeside-safari",
    balanceDueDays: 60,
    bookingMode: "request",
    title: "Lake Mburo Lakeside Safari",
    category: "Wildlife",
    location: "Lake Mburo National Park, Uganda",
    meetingPoint: "Your hotel in Kampala or Entebbe, 7:30 am on day 1",
    shortDescription:
      "A short, relaxed safari among zebras, impalas and elands, with a boat trip among hippos and a walking safari on the shores of Lake Mburo.",
    overview:
      "Lake Mburo National Park is the closest savanna park to Kampala and one of the most charming: rolling hills, acacia woodland and a chain of lakes where hippos wallow and fish eagles call. It is the only park in Uganda with impalas, and herds of zebras and elands roam freely.\n\n" +
      "Because there are no elephants and few large predators, Mburo is one of the few places in Uganda where you can explore on foot, by mountain bike or on horseback with a ranger. A boat trip on the lake brings you close to hippos, crocodiles and the elusive African finfoot.\n\n" +
      "It is an ideal first safari, a perfect weekend break from Kampala or a gentle stopover on the way to Bwindi and Lake Bunyonyi.",
    durationDays: 3,
    groupSize: "2-10 people",
    difficulty: "Easy",
    tags: ["safari", "lake", "walking safari", "weekend"],
    highlights: [
      "Boat trip among hippos on Lake Mburo",
      "Walking safari with an armed ranger",
      "Zebras, impalas, elands and topis",
      "Optional horseback or cycling safari",
      "Equator crossing at Kayabwe",
      "Sundowners on a lakeside viewpoint",
    ],
    itinerary: [
      {
        day: 1,
        title: "Kampala to Lake Mburo",
        description:
          "Drive south-west, stopping at the equator, and enter Lake Mburo National Park with a game drive to your lodge. Late-afternoon boat trip on the lake.",
      },
      {
        day: 2,
        title: "Walking safari and game drive",
        description:
          "Walk with a ranger among zebras and impalas at dawn, then relax at the lodge. Afternoon game drive with sundowners at a viewpoint over the lakes.",
      },
      {
        day: 3,
        title: "Morning drive and return",
        description:
          "A final morning game drive or optional horseback safari, then return to Kampala by mid-afternoon.",
      },
    ],
    inclusions: [
      "2 nights' accommodation on a full-board basis",
      "Boat trip on Lake Mburo",
      "Guided walking safari",
      "Game drives in a 4x4 safari vehicle",
      "Park entrance fees",
      "Driver-guide and fuel",
      "Bottled drinking water",
    ],
    exclusions: [
      "Horseback and cycling safaris (optional)",
      "Travel insurance",
      "Drinks and personal expenses",
      "Tips for guides and rangers",
    ],
    packages: [
      {
        name: "Budget",
        price: 520,
        per: "person",
        description: "Park bandas and safari tents by the lake.",
      },
      {
        name: "Standard",
        price: 780,
        per: "person",
        description: "Hillside safari lodge with en-suite tents and pool.",
      },
      {
        name: "Luxury",
        price: 1120,
        per: "person",
        description: "Exclusive lodge with private game drives and horseback safari.",
      },
    ],
    image: "/images/tours/lakeside-safari.svg",
    featuredRank: null,
  },
  {
    slug: "family-adventure",
    balanceDueDays: 60,
    bookingMode: "request",
    title: "Uganda Family Adventure",
    category: "Adventure",
    location: "Entebbe, Jinja and Lake Mburo, Uganda",
    meetingPoint: "Entebbe International Airport arrivals hall, or your Entebbe hotel",
    shortDescription:
      "A week of easy, kid-friendly adventures: a boat ride to a chimpanzee island, gentle rafting on the Nile and zebras on a lakeside safari.",
    overview:
      "Uganda is a wonderful country for families, and this seven-day adventure is paced for children and grown-ups alike, with short drives, lots of variety and lodges that welcome kids. Every activity has been chosen so that young travellers can join in safely.\n\n" +
      "You start in Entebbe with a visit to the Uganda Wildlife Conservation Education Centre and a boat trip across Lake Victoria to Ngamba Island Chimpanzee Sanctuary, where rescued chimps are fed from a viewing platform. In Jinja the family floats down a calm stretch of the Nile on a family raft, rides quad bikes and visits the Source of the Nile.\n\n" +
      "The week ends at Lake Mburo National Park, where zebras graze around the lodges and children can try a guided nature walk, a boat trip among hippos and a horseback ride with a ranger.",
    durationDays: 7,
    groupSize: "2-15 people",
    difficulty: "Easy",
    tags: ["family", "kids", "chimpanzees", "safari"],
    highlights: [
      "Boat trip to Ngamba Island Chimpanzee Sanctuary",
      "Uganda Wildlife Conservation Education Centre in Entebbe",
      "Family-friendly float rafting on the Nile",
      "Quad biking and Source of the Nile cruise",
      "Zebras, impalas and hippos at Lake Mburo",
      "Kid-friendly lodges with pools",
      "Junior ranger activity packs",
    ],
    itinerary: [
      {
        day: 1,
        title: "Welcome to Entebbe",
        description:
          "Pick-up at Entebbe Airport and a relaxed afternoon at a lakeside hotel with a pool. Family welcome dinner and trip briefing.",
      },
      {
        day: 2,
        title: "Chimps and wildlife centre",
        description:
          "Take a boat across Lake Victoria to Ngamba Island to watch the rescued chimpanzees at feeding time. In the afternoon visit the Uganda Wildlife Conservation Education Centre.",
      },
      {
        day: 3,
        title: "Entebbe to Jinja",
        description:
          "Drive to Jinja via Mabira Forest, then take a boat cruise to the Source of the Nile and look for otters and kingfishers.",
      },
      {
        day: 4,
        title: "Family rafting on the Nile",
        description:
          "Float down a calm stretch of the Nile on a family raft with experienced guides, with swimming stops along the way. Quad biking for older children in the afternoon.",
      },
      {
        day: 5,
        title: "Jinja to Lake Mburo",
        description:
          "A scenic drive with a stop at the equator brings you to Lake Mburo National Park, where zebras often greet you at the lodge.",
      },
      {
        day: 6,
        title: "Safari day at Lake Mburo",
        description:
          "Morning game drive, a boat trip among hippos and a short guided nature walk for children. Optional guided horseback rides for older children in the afternoon.",
      },
      {
        day: 7,
        title: "Return to Entebbe",
        description:
          "Drive back to Entebbe or Kampala after a last look at the lake, with time to rest before your flight.",
      },
    ],
    inclusions: [
      "6 nights' family-friendly accommodation, full board",
      "Ngamba Island boat trip and sanctuary fees",
      "Wildlife Education Centre entry",
      "Family float rafting and Source of the Nile cruise",
      "Game drives and boat trip at Lake Mburo",
      "Private safari vehicle with child seats on request",
      "Driver-guide experienced with families",
      "Junior ranger activity packs",
      "Airport transfers",
    ],
    exclusions: [
      "International flights and visas",
      "Quad biking and horseback rides (optional)",
      "Travel insurance",
      "Drinks and snacks outside meals",
      "Tips and personal expenses",
    ],
    packages: [
      {
        name: "Budget",
        price: 980,
        per: "person",
        description: "Family rooms in comfortable guesthouses and camps.",
      },
      {
        name: "Standard",
        price: 1470,
        per: "person",
        description: "Mid-range lodges with pools and interconnecting rooms.",
      },
      {
        name: "Luxury",
        price: 2110,
        per: "person",
        description: "Premium family suites, private guide and exclusive activities.",
      },
    ],
    image: "/images/tours/family-adventure.svg",
    featuredRank: null,
  },
];
