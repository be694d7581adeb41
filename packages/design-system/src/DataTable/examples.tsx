/** Sample clients shared by the DataTable stories and tests. Not exported from the package. */
import { createColumnHelper } from '@tanstack/react-table';

export interface ExampleClient {
  id: string;
  name: string;
  status: 'Active' | 'Waitlist' | 'Discharged';
  sessions: number;
  balanceMinor: number;
}

const first = ['Ada', 'Ben', 'Chloe', 'Dev', 'Elif', 'Femi', 'Grace', 'Hugo', 'Iris', 'Jon'];
const last = ['Okafor', 'Novak', 'Byrne', 'Shah', 'Moreau', 'Lind', 'Costa', 'Tanaka', 'Reyes', 'Walsh'];
const statuses = ['Active', 'Waitlist', 'Discharged'] as const;

export function makeClients(count: number, offset = 0): ExampleClient[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + offset;
    return {
      id: `c${n + 1}`,
      name: `${first[n % 10]} ${last[Math.floor(n / 10) % 10]}`,
      status: statuses[n % 3] ?? 'Active',
      sessions: (n * 7) % 23,
      balanceMinor: ((n * 1337) % 50000) - 10000,
    };
  });
}

const column = createColumnHelper<ExampleClient>();
const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

export const clientColumns = [
  column.accessor('name', { header: 'Name' }),
  column.accessor('status', { header: 'Status' }),
  column.accessor('sessions', { header: 'Sessions', meta: { align: 'end' } }),
  column.accessor('balanceMinor', {
    header: 'Balance',
    meta: { align: 'end', label: 'Balance' },
    cell: (info) => money.format(info.getValue() / 100),
  }),
];
