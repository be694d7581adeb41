import type { ExpenseCategory } from '@halcyon/api/contract';
import { lineTax } from '@halcyon/api/money';
import { DAY, insertRows, isoDay } from '../../../platform/db/generate-helpers';
import type { ClinicalGeneration } from '../../clients/generate';
import { expenses } from './schema';

interface Spend {
  category: ExpenseCategory;
  supplier: string;
  description: string;
  /** Before tax, in pence: from and to. */
  amount: readonly [number, number];
  taxRateBp: number;
}

/** What a practice pays every month: its rooms and its supervision. */
const MONTHLY: readonly Spend[] = [
  {
    category: 'rooms',
    supplier: 'Harbour Rooms Ltd',
    description: 'Consulting rooms, monthly hire',
    amount: [42_000, 42_000],
    taxRateBp: 2000,
  },
  {
    category: 'supervision',
    supplier: 'Dr R. Mensah',
    description: 'Clinical supervision',
    amount: [8_000, 9_000],
    taxRateBp: 0,
  },
  {
    category: 'equipment',
    supplier: 'Halcyon',
    description: 'Practice software subscription',
    amount: [2_900, 2_900],
    taxRateBp: 2000,
  },
];
/** What it pays now and then. */
const OCCASIONAL: readonly Spend[] = [
  {
    category: 'training',
    supplier: 'Bristol Therapy Institute',
    description: 'CPD workshop',
    amount: [6_000, 18_000],
    taxRateBp: 2000,
  },
  {
    category: 'travel',
    supplier: 'Great Western Railway',
    description: 'Rail fare to training',
    amount: [1_500, 6_500],
    taxRateBp: 0,
  },
  {
    category: 'office',
    supplier: 'Stationery Direct',
    description: 'Printer paper and folders',
    amount: [800, 4_500],
    taxRateBp: 2000,
  },
  {
    category: 'marketing',
    supplier: 'Local Directory Ltd',
    description: 'Directory listing',
    amount: [2_500, 7_500],
    taxRateBp: 2000,
  },
  {
    category: 'bank fees',
    supplier: 'Card payments provider',
    description: 'Card processing fees',
    amount: [300, 2_000],
    taxRateBp: 0,
  },
];
/** What it pays once a year. */
const YEARLY: readonly Spend[] = [
  {
    category: 'insurance',
    supplier: 'Balens Ltd',
    description: 'Professional indemnity insurance',
    amount: [9_500, 12_000],
    taxRateBp: 0,
  },
  {
    category: 'memberships',
    supplier: 'BACP',
    description: 'Annual membership',
    amount: [19_800, 19_800],
    taxRateBp: 0,
  },
];

/**
 * A year of the practice's spending up to the base day: rooms, supervision and software every month, insurance and a
 * membership once, and training, travel, stationery, marketing and card fees now and then (more for a larger team, one
 * rooms bill per ten clinicians). Amounts in pounds with UK VAT where it applies, tax by money's one rule.
 */
export async function generateExpenses({ db, rng, practiceId, base, clinicians }: ClinicalGeneration): Promise<void> {
  const rooms = Math.max(1, Math.ceil(clinicians.length / 10));
  const rows: (typeof expenses.$inferInsert)[] = [];
  const add = (spend: Spend, day: number, createdBy: number | undefined) => {
    const amountMinor = rng.int(spend.amount[0], spend.amount[1]);
    const at = new Date(day + 10 * 3_600_000);
    rows.push({
      practiceId,
      spentOn: isoDay(day),
      category: spend.category,
      supplier: spend.supplier,
      description: spend.description,
      amountMinor,
      currency: 'GBP',
      taxRateBp: spend.taxRateBp,
      taxMinor: lineTax(amountMinor, spend.taxRateBp),
      createdBy,
      updatedBy: createdBy,
      createdAt: at,
      updatedAt: at,
    });
  };
  const someone = () => (clinicians.length > 0 ? rng.pick(clinicians) : undefined);
  for (let month = 12; month >= 1; month -= 1) {
    const first = base - month * 30 * DAY;
    for (const spend of MONTHLY) {
      const copies = spend.category === 'rooms' ? rooms : spend.category === 'supervision' ? clinicians.length : 1;
      for (let i = 0; i < Math.max(1, copies); i += 1) add(spend, first + rng.int(0, 4) * DAY, someone());
    }
    for (let i = 0, n = rng.int(1, 2 + Math.floor(clinicians.length / 4)); i < n; i += 1) {
      add(rng.pick(OCCASIONAL), first + rng.int(0, 29) * DAY, someone());
    }
  }
  for (const spend of YEARLY) add(spend, base - rng.int(30, 330) * DAY, someone());
  await insertRows(db, expenses, rows);
}
