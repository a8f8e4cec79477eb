import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { tablesOf, type AlsoWrite } from '../../platform/database/connection';
import { sha256Hex } from '../../platform/http/tokens';
import type { AdminFactorTables } from './factor-tables';

/** RFC 6238 with the apps' defaults (SHA-1, 6 digits, 30 s); one step either side is accepted. */
const TOLERANCE_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;
/** A right code whose step was already used (a sign-in right after the set-up, mostly). */
export const USED_CODE_ERROR = 'This code was already used: wait for your app’s next code';

/** What a typed app code is: new and right, right but already used, or wrong. */
type CodeVerdict = 'accepted' | 'used' | 'wrong';

/** A recovery code as typed: case, spaces and dashes do not matter. */
const normalizeRecoveryCode = (code: string): string => code.replace(/[\s-]/g, '').toLowerCase();
/** 10 characters of base32 (50 bits) in two groups: xxxxx-xxxxx. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const chars = [...randomBytes(10)].map((byte) => alphabet[byte % 32]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** An account's authenticator app and recovery codes; a code is accepted once. */
export class TotpFactor {
  constructor(
    private readonly db: Kysely<AdminFactorTables>,
    private readonly issuer: string,
  ) {}

  async isOn(accountId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('admin_totp')
      .select('confirmed_at')
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Boolean(row?.confirmed_at);
  }

  /** A new secret as text and QR code; no factor until confirmed (an old one stays till then). */
  async start(accountId: number, label: string) {
    if (await this.isOn(accountId)) throw new Error('authenticator app already set up');
    const secret = generateSecret();
    await this.db
      .insertInto('admin_totp')
      .values({ account_id: accountId, secret, confirmed_at: null, last_time_step: null })
      .onConflict((conflict) =>
        conflict.column('account_id').doUpdateSet({ secret, last_time_step: null }),
      )
      .execute();
    const uri = generateURI({ issuer: this.issuer, label, secret });
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 2 });
    const qrCode = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    return { secret, uri, qrCode };
  }

  /** Turns the started secret on with its first code, `audited` with it; answers the new codes. */
  async confirm(accountId: number, code: string, audited: AlsoWrite, now = new Date()) {
    if ((await this.accept(accountId, code, false, now)) !== 'accepted') return undefined;
    return this.newRecoveryCodes(accountId, async (trx) => {
      await tablesOf<AdminFactorTables>(trx)
        .updateTable('admin_totp')
        .set({ confirmed_at: now.toISOString() })
        .where('account_id', '=', accountId)
        .execute();
      await audited(trx);
    });
  }

  /** An app code (of an app that is on), or else a recovery code (never six digits). */
  async proveWithCode(accountId: number, code: string): Promise<CodeVerdict> {
    const now = new Date();
    const verdict = await this.accept(accountId, code, true, now);
    if (verdict !== 'wrong') return verdict;
    // A recovery code is used once.
    const used = await this.db
      .updateTable('admin_recovery_codes')
      .set({ used_at: now.toISOString() })
      .where('account_id', '=', accountId)
      .where('code_hash', '=', sha256Hex(normalizeRecoveryCode(code)))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1 ? 'accepted' : 'wrong';
  }

  async recoveryCodesLeft(accountId: number): Promise<number> {
    const row = await this.db
      .selectFrom('admin_recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('left'))
      .where('account_id', '=', accountId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.left);
  }

  /** Ten new codes, replacing the old ones, then `also`; only their hashes are kept. */
  async newRecoveryCodes(accountId: number, also?: AlsoWrite): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('admin_recovery_codes').where('account_id', '=', accountId).execute();
      await trx
        .insertInto('admin_recovery_codes')
        .values(
          codes.map((code) => ({
            account_id: accountId,
            code_hash: sha256Hex(normalizeRecoveryCode(code)),
            used_at: null,
          })),
        )
        .execute();
      await also?.(trx);
    });
    return codes;
  }

  async remove(accountId: number, also?: AlsoWrite) {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('admin_totp').where('account_id', '=', accountId).execute();
      await trx.deleteFrom('admin_recovery_codes').where('account_id', '=', accountId).execute();
      await also?.(trx);
    });
  }

  /** Checks `code` and keeps its step; of two concurrent uses of one code, one wins. */
  private async accept(
    accountId: number,
    code: string,
    confirmed: boolean,
    now: Date,
  ): Promise<CodeVerdict> {
    if (!/^\d{6}$/.test(code)) return 'wrong';
    const row = await this.db
      .selectFrom('admin_totp')
      .select(['secret', 'confirmed_at', 'last_time_step'])
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (!row || Boolean(row.confirmed_at) !== confirmed) return 'wrong';
    // Checked without the last step first: a right code at or before it is a replay.
    const result = await verify({
      secret: row.secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: TOLERANCE_SECONDS,
    }).catch(() => ({ valid: false as const }));
    if (!result.valid || !('timeStep' in result)) return 'wrong';
    const kept = await this.db
      .updateTable('admin_totp')
      .set({ last_time_step: result.timeStep })
      .where('account_id', '=', accountId)
      .where((eb) =>
        eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', result.timeStep)]),
      )
      .executeTakeFirst();
    return Number(kept.numUpdatedRows) === 1 ? 'accepted' : 'used';
  }
}
