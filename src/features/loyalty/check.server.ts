import type { Db } from '#db/client.server.ts';
import { ledgerMismatches } from './loyalty-ledger-repo.server';

export interface LedgerCheck {
  ok: boolean;
  lotsChecked: number;
  /** Lots whose `remaining` is not their points less their draws. */
  lots: number;
  /** Members whose owed points are not the sum of their entries' owed changes. */
  members: number;
  /** Entries whose points are not what they drew plus what they made owed. */
  entries: number;
  /** Members whose kept balance is not the sum of their entries' points. */
  balances: number;
}

/** Rebuilds every lot's remaining points and every member's owed points and kept balance from the ledger and compares. */
export async function checkLedger(db: Db): Promise<LedgerCheck> {
  const found = await ledgerMismatches(db);
  return {
    ok:
      found.lots.length === 0 &&
      found.members.length === 0 &&
      found.entries.length === 0 &&
      found.balances.length === 0,
    lotsChecked: found.lotsChecked,
    lots: found.lots.length,
    members: found.members.length,
    entries: found.entries.length,
    balances: found.balances.length,
  };
}
