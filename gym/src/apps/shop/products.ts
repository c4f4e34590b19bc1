export interface Product {
  id: string;
  name: string;
  category: 'tents' | 'sleeping-bags' | 'backpacks' | 'stoves' | 'lights' | 'furniture';
  price: number;
  rating: number;
  reviews: number;
  /** People it sleeps (tents and sleeping bags). */
  capacity?: number;
  weightKg: number;
  colors: string[];
  inStock: boolean;
  description: string;
}

export const CATEGORIES: { id: Product['category']; label: string }[] = [
  { id: 'tents', label: 'Tents' },
  { id: 'sleeping-bags', label: 'Sleeping bags' },
  { id: 'backpacks', label: 'Backpacks' },
  { id: 'stoves', label: 'Stoves' },
  { id: 'lights', label: 'Lights' },
  { id: 'furniture', label: 'Camp furniture' },
];

export const PRODUCTS: Product[] = [
  { id: 'solo-bivy', name: 'Solo Bivy 1P', category: 'tents', price: 99, rating: 3.9, reviews: 41, capacity: 1, weightKg: 0.9, colors: ['Olive'], inStock: true, description: 'A minimalist one-person shelter for fast and light trips.' },
  { id: 'trail-tent-2p', name: 'Trail Tent 2P', category: 'tents', price: 149.99, rating: 4.5, reviews: 212, capacity: 2, weightKg: 2.1, colors: ['Green', 'Orange'], inStock: true, description: 'A freestanding two-person tent with two doors and two vestibules.' },
  { id: 'ridge-lite-2p', name: 'Ridge Lite 2P', category: 'tents', price: 189, rating: 4.2, reviews: 87, capacity: 2, weightKg: 1.4, colors: ['Grey'], inStock: true, description: 'Ultralight two-person trekking-pole tent.' },
  { id: 'summit-dome-2p', name: 'Summit Dome 2P', category: 'tents', price: 229, rating: 4.8, reviews: 156, capacity: 2, weightKg: 2.6, colors: ['Yellow', 'Red'], inStock: true, description: 'Four-season two-person dome for wind and snow.' },
  { id: 'meadow-3p', name: 'Meadow 3P', category: 'tents', price: 259, rating: 4.4, reviews: 64, capacity: 3, weightKg: 3.2, colors: ['Blue'], inStock: true, description: 'Roomy three-person tent with a large vestibule.' },
  { id: 'family-cabin-4p', name: 'Family Cabin 4P', category: 'tents', price: 349, rating: 4.6, reviews: 98, capacity: 4, weightKg: 6.8, colors: ['Green'], inStock: false, description: 'Stand-up height cabin tent for families.' },
  { id: 'budget-dome-2p', name: 'Budget Dome 2P', category: 'tents', price: 79, rating: 3.1, reviews: 302, capacity: 2, weightKg: 3.0, colors: ['Blue'], inStock: true, description: 'An inexpensive two-person dome for fair-weather camping.' },
  { id: 'alpine-down-bag', name: 'Alpine Down Bag -10°C', category: 'sleeping-bags', price: 329, rating: 4.7, reviews: 77, capacity: 1, weightKg: 1.2, colors: ['Red'], inStock: true, description: '800-fill down for cold nights.' },
  { id: 'summer-quilt', name: 'Summer Quilt 10°C', category: 'sleeping-bags', price: 119, rating: 4.3, reviews: 45, capacity: 1, weightKg: 0.6, colors: ['Grey', 'Teal'], inStock: true, description: 'A light quilt for warm nights.' },
  { id: 'double-bag', name: 'Double Sleeping Bag 0°C', category: 'sleeping-bags', price: 179, rating: 4.0, reviews: 33, capacity: 2, weightKg: 2.9, colors: ['Blue'], inStock: true, description: 'A zip-together bag for two.' },
  { id: 'daypack-22', name: 'Daypack 22L', category: 'backpacks', price: 69, rating: 4.4, reviews: 190, weightKg: 0.7, colors: ['Black', 'Blue'], inStock: true, description: 'Everyday pack with a hydration sleeve.' },
  { id: 'trekker-45', name: 'Trekker 45L', category: 'backpacks', price: 159, rating: 4.6, reviews: 121, weightKg: 1.5, colors: ['Green', 'Black'], inStock: true, description: 'Adjustable back system for multi-day trips.' },
  { id: 'expedition-70', name: 'Expedition 70L', category: 'backpacks', price: 279, rating: 4.5, reviews: 58, weightKg: 2.3, colors: ['Orange'], inStock: true, description: 'A load hauler for long expeditions.' },
  { id: 'pocket-stove', name: 'Pocket Stove', category: 'stoves', price: 39, rating: 4.1, reviews: 260, weightKg: 0.08, colors: ['Silver'], inStock: true, description: 'A canister-top stove that folds to pocket size.' },
  { id: 'jet-boil-kit', name: 'Rapid Boil Kit', category: 'stoves', price: 129, rating: 4.7, reviews: 310, weightKg: 0.4, colors: ['Black'], inStock: true, description: 'Integrated stove and pot that boils in two minutes.' },
  { id: 'two-burner', name: 'Two-Burner Camp Stove', category: 'stoves', price: 99, rating: 4.3, reviews: 88, weightKg: 4.5, colors: ['Green'], inStock: true, description: 'Car-camping stove with two burners.' },
  { id: 'headlamp-200', name: 'Headlamp 200', category: 'lights', price: 24.99, rating: 4.0, reviews: 150, weightKg: 0.07, colors: ['Black'], inStock: true, description: '200 lumens on three AAA batteries.' },
  { id: 'headlamp-400', name: 'Headlamp 400 Rechargeable', category: 'lights', price: 44.5, rating: 4.6, reviews: 201, weightKg: 0.09, colors: ['Orange', 'Black'], inStock: true, description: '400 lumens with USB-C charging.' },
  { id: 'trail-lantern', name: 'Trail Lantern', category: 'lights', price: 34, rating: 4.2, reviews: 73, weightKg: 0.3, colors: ['Green'], inStock: true, description: 'A collapsible lantern that lights a whole tent.' },
  { id: 'string-lights', name: 'Camp String Lights', category: 'lights', price: 19.5, rating: 3.8, reviews: 40, weightKg: 0.2, colors: ['Warm white'], inStock: true, description: 'Solar string lights for the campsite.' },
  { id: 'camp-chair', name: 'Camp Chair', category: 'furniture', price: 54, rating: 4.4, reviews: 180, weightKg: 1.1, colors: ['Blue', 'Red'], inStock: true, description: 'A packable chair with a cup holder.' },
  { id: 'camp-table', name: 'Folding Camp Table', category: 'furniture', price: 89, rating: 4.1, reviews: 52, weightKg: 2.4, colors: ['Silver'], inStock: true, description: 'Roll-top aluminium table.' },
  { id: 'hammock', name: 'Trail Hammock', category: 'furniture', price: 59, rating: 4.5, reviews: 95, weightKg: 0.5, colors: ['Teal', 'Orange'], inStock: true, description: 'A parachute-nylon hammock with straps.' },
  { id: 'camp-cot', name: 'Camp Cot', category: 'furniture', price: 139, rating: 4.2, reviews: 37, weightKg: 5.9, colors: ['Green'], inStock: true, description: 'An off-the-ground cot that folds flat.' },
];

export function productById(id: string): Product | undefined {
  return PRODUCTS.find((p) => p.id === id);
}
