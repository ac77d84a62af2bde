// Marketplace demo data: six products with pictures (scripts/seed/images/, drawn by its make-images.mjs),
// and one sale from Asha to Rohan with the notice Asha sees on My Sells, at Campus Institute of
// Technology; and three of Meera's at Riverside College of Engineering, which only RCE students see
// (a product belongs to its seller's campus: migrations/0012_campus_market.sql).
import { fileURLToPath } from "node:url";

const HOUR = 60 * 60 * 1000;
// What each demo picture is (category) and in what state it is sold (condition).
const KIND = {
  calculator: ["electronics", "like_new"],
  drafter: ["lab", "used"],
  books: ["books", "used"],
  circuit: ["electronics", "used"],
  lamp: ["hostel", "like_new"],
  labcoat: ["lab", "used"],
};

const PRODUCTS = [
  {
    seller: 0,
    image: "calculator",
    title: "Casio fx-991ES Plus calculator",
    description: "Scientific calculator allowed in university exams. Works perfectly, new battery, with cover.",
    price: 95000,
    whatsapp: "9876543210",
    ageHours: 70,
    soldTo: 1,
  },
  {
    seller: 0,
    image: "drafter",
    title: "Mini drafter and set squares",
    description: "Omega mini drafter with 45° and 60° set squares. Used for one semester of Engineering Graphics.",
    price: 45000,
    whatsapp: "9876543210",
    ageHours: 52,
  },
  {
    seller: 1,
    image: "books",
    title: "Applied Mathematics 1 & 2 textbooks",
    description:
      "B.S. Grewal Higher Engineering Mathematics plus the semester 2 question bank. A few highlighted pages.",
    price: 62050,
    whatsapp: "9123456780",
    ageHours: 30,
  },
  {
    seller: 1,
    image: "circuit",
    title: "Arduino IoT project kit",
    description:
      "Arduino Uno, breadboard, sensors and jumper wires from my Internet of Things mini project. Code included.",
    price: 120000,
    whatsapp: "9123456780",
    ageHours: 20,
  },
  {
    seller: 0,
    image: "lamp",
    title: "LED study lamp",
    description: "Rechargeable desk lamp with three brightness levels. Ideal for late-night study in the hostel.",
    price: 35000,
    whatsapp: "9876543210",
    ageHours: 8,
  },
  {
    seller: 1,
    image: "labcoat",
    title: "Chemistry lab coat (size M)",
    description: "White cotton lab coat for the Applied Chemistry practicals. Washed and ironed.",
    price: 25000,
    whatsapp: "9123456780",
    ageHours: 2,
  },
  {
    seller: 2,
    image: "books",
    title: "Kerala University engineering drawing notes",
    description:
      "Hand-drawn sheets for all five units, with the solved university questions. Riverside pickup near the library.",
    price: 30000,
    whatsapp: "9447012345",
    ageHours: 40,
  },
  {
    seller: 2,
    image: "circuit",
    title: "Raspberry Pi 4 starter set",
    description:
      "Pi 4 (4 GB), case, fan and a 32 GB card from my final-year project. Boots straight into Raspberry Pi OS.",
    price: 380000,
    whatsapp: "9447012345",
    ageHours: 12,
  },
  {
    seller: 2,
    image: "lamp",
    title: "Clip-on reading lamp",
    description: "USB lamp that clips to the hostel bunk. Warm and cool light.",
    price: 22000,
    whatsapp: "9447012345",
    ageHours: 4,
  },
];

export async function seed({ users, sql, now, r2Put }) {
  const statements = [];
  for (const product of PRODUCTS) {
    const id = crypto.randomUUID();
    const imageKey = `products/${crypto.randomUUID()}`;
    r2Put(imageKey, fileURLToPath(new URL(`./images/${product.image}.png`, import.meta.url)), "image/png");
    const seller = users[product.seller];
    const createdAt = now - product.ageHours * HOUR;
    const buyer = product.soldTo === undefined ? null : users[product.soldTo];
    const purchasedAt = buyer ? now - 5 * HOUR : null;
    statements.push(
      `INSERT INTO products (id, seller_id, title, description, price_paise, seller_name, whatsapp_number, image_key, image_type, status, buyer_id, buyer_name, sale_id, purchased_at, created_at, updated_at, campus_id, category, condition, expires_at) VALUES (${[
        id,
        seller.id,
        product.title,
        product.description,
        product.price,
        seller.name,
        product.whatsapp,
        imageKey,
        "image/png",
        buyer ? "sold" : "available",
        buyer?.id ?? null,
        buyer?.name ?? null,
        buyer ? crypto.randomUUID() : null,
        purchasedAt,
        createdAt,
        purchasedAt ?? createdAt,
        seller.campusId,
        ...(KIND[product.image] ?? ["other", "used"]),
        // Listed for 60 days from when it was posted.
        createdAt + 60 * 24 * HOUR,
      ]
        .map(sql)
        .join(", ")});`,
    );
    if (buyer) {
      statements.push(
        `INSERT INTO sale_notifications (id, seller_id, product_id, product_title, buyer_name, price_paise, created_at) VALUES (${[crypto.randomUUID(), seller.id, id, product.title, buyer.name, product.price, purchasedAt].map(sql).join(", ")});`,
      );
    }
  }
  return statements;
}
