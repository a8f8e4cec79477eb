import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import type { AdminAuthTables } from '../auth/auth-tables';
import type { AdminFactorTables, WebauthnChallenge } from './factor-tables';
import type { AlsoWrite } from '../../platform/database/connection';

/** A challenge is good for five minutes, and once. */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** A challenge answers its purpose, account or invitation alone. */
type ChallengeOwner = Pick<WebauthnChallenge, 'purpose' | 'account_id' | 'invitation_id'>;
const SIGN_IN: ChallengeOwner = { purpose: 'sign_in', account_id: null, invitation_id: null };
const ownerOf = (registrant: Registrant): ChallengeOwner =>
  'accountId' in registrant
    ? { purpose: 'register', account_id: registrant.accountId, invitation_id: null }
    : { purpose: 'invitation', account_id: null, invitation_id: registrant.invitationId };

/** A signed-in account, or the account an invitation is about to create. */
type Registrant = { accountId: number } | { invitationId: number };

/** Who the passkeys are for: the relying party is SITE_URL's host, its origin the only one. */
export const relyingPartyOf = (siteUrl: string, name: string) => {
  const url = new URL(siteUrl);
  return { name, id: url.hostname, origin: url.origin };
};

/** Discoverable credentials with user verification: the credential's id names the account. */
export class Passkeys {
  constructor(
    private readonly db: Kysely<AdminFactorTables & AdminAuthTables>,
    private readonly rp: ReturnType<typeof relyingPartyOf>,
  ) {}

  async list(accountId: number) {
    const rows = await this.db
      .selectFrom('admin_passkeys')
      .select(['id', 'name', 'created_at', 'last_used_at'])
      .where('account_id', '=', accountId)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
    }));
  }

  /** Options for `registrant`'s new passkey; `user` names it on the authenticator. */
  async registrationOptions(
    registrant: Registrant,
    user: { name: string; email: string | null },
  ): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing =
      'accountId' in registrant
        ? await this.db
            .selectFrom('admin_passkeys')
            .select(['credential_id', 'transports'])
            .where('account_id', '=', registrant.accountId)
            .execute()
        : [];
    const options = await generateRegistrationOptions({
      rpName: this.rp.name,
      rpID: this.rp.id,
      userName: user.email ?? user.name,
      userDisplayName: user.name,
      // The user handle is random per registration call, not the account id: it names nobody.
      userID: randomBytes(16),
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({
        id: row.credential_id,
        transports: JSON.parse(row.transports) as string[],
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await this.keepChallenge(options.challenge, ownerOf(registrant));
    return options;
  }

  /** The new passkey `response` proves, against a live challenge of `registrant`'s; or undefined. */
  async verifyRegistration(
    registrant: Registrant,
    response: RegistrationResponseJSON,
  ): Promise<WebAuthnCredential | undefined> {
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => this.useChallenge(challenge, ownerOf(registrant)),
      expectedOrigin: this.rp.origin,
      expectedRPID: this.rp.id,
      requireUserVerification: true,
    }).catch(() => undefined);
    return verification?.verified ? verification.registrationInfo.credential : undefined;
  }

  /** Keeps a verified passkey (in `db`: an invitation's transaction); undefined if known. */
  async keep(
    accountId: number,
    name: string,
    credential: WebAuthnCredential,
    db: Kysely<AdminFactorTables & AdminAuthTables> = this.db,
  ): Promise<number | undefined> {
    const row = await db
      .insertInto('admin_passkeys')
      .values({
        account_id: accountId,
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: JSON.stringify(credential.transports ?? []),
        name,
        created_at: new Date().toISOString(),
        last_used_at: null,
      })
      .onConflict((conflict) => conflict.column('credential_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row === undefined ? undefined : Number(row.id);
  }

  /** Keeps a verified passkey, then `also`, in one transaction; undefined if not verified or taken. */
  async register(
    accountId: number,
    name: string,
    response: RegistrationResponseJSON,
    also?: AlsoWrite,
  ) {
    const credential = await this.verifyRegistration({ accountId }, response);
    if (!credential) return undefined;
    return this.db.transaction().execute(async (trx) => {
      const id = await this.keep(accountId, name, credential, trx);
      if (id !== undefined) await also?.(trx);
      return id;
    });
  }

  async signInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const options = await generateAuthenticationOptions({
      rpID: this.rp.id,
      userVerification: 'required',
    });
    await this.keepChallenge(options.challenge, SIGN_IN);
    return options;
  }

  /** The (enabled) account a passkey sign-in proves, or undefined. */
  async authenticate(response: AuthenticationResponseJSON): Promise<number | undefined> {
    const stored = await this.db
      .selectFrom('admin_passkeys')
      .innerJoin('admin_accounts', 'admin_accounts.id', 'admin_passkeys.account_id')
      .selectAll('admin_passkeys')
      .where('admin_accounts.disabled_at', 'is', null)
      .where('credential_id', '=', response.id)
      .executeTakeFirst();
    if (!stored) return undefined;
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => this.useChallenge(challenge, SIGN_IN),
      expectedOrigin: this.rp.origin,
      expectedRPID: this.rp.id,
      requireUserVerification: true,
      credential: {
        id: stored.credential_id,
        publicKey: Buffer.from(stored.public_key, 'base64url'),
        counter: Number(stored.counter),
        transports: JSON.parse(stored.transports) as string[],
      },
    }).catch(() => undefined);
    if (!verification?.verified) return undefined;
    await this.db
      .updateTable('admin_passkeys')
      .set({
        counter: verification.authenticationInfo.newCounter,
        last_used_at: new Date().toISOString(),
      })
      .where('id', '=', stored.id)
      .execute();
    return Number(stored.account_id);
  }

  rename(accountId: number, id: number, name: string, also?: AlsoWrite): Promise<boolean> {
    return this.changeOne(async (trx) => {
      const result = await trx
        .updateTable('admin_passkeys')
        .set({ name })
        .where((eb) => eb.and({ account_id: accountId, id }))
        .executeTakeFirst();
      return result.numUpdatedRows;
    }, also);
  }

  remove(accountId: number, id: number, also?: AlsoWrite): Promise<boolean> {
    return this.changeOne(async (trx) => {
      const result = await trx
        .deleteFrom('admin_passkeys')
        .where((eb) => eb.and({ account_id: accountId, id }))
        .executeTakeFirst();
      return result.numDeletedRows;
    }, also);
  }

  private changeOne(
    write: (trx: Transaction<AdminFactorTables & AdminAuthTables>) => Promise<bigint>,
    also?: AlsoWrite,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const changed = Number(await write(trx)) === 1;
      if (changed) await also?.(trx);
      return changed;
    });
  }

  async count(accountId: number): Promise<number> {
    const row = await this.db
      .selectFrom('admin_passkeys')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  private async keepChallenge(challenge: string, owner: ChallengeOwner): Promise<void> {
    const now = new Date();
    // Housekeeping: challenges nobody answered.
    await this.db
      .deleteFrom('admin_webauthn_challenges')
      .where('expires_at', '<', now.toISOString())
      .execute();
    await this.db
      .insertInto('admin_webauthn_challenges')
      .values({
        challenge,
        ...owner,
        expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
      })
      .execute();
  }

  /** True once for a live challenge of this purpose (and owner): it is deleted as it is used. */
  private async useChallenge(challenge: string, owner: ChallengeOwner): Promise<boolean> {
    const used = await this.db
      .deleteFrom('admin_webauthn_challenges')
      .where('challenge', '=', challenge)
      .where('purpose', '=', owner.purpose)
      .where('account_id', owner.account_id === null ? 'is' : '=', owner.account_id)
      .where('invitation_id', owner.invitation_id === null ? 'is' : '=', owner.invitation_id)
      .where('expires_at', '>', new Date().toISOString())
      .executeTakeFirst();
    return Number(used.numDeletedRows) === 1;
  }
}
