import { ACCOUNT_MESSAGES as M, normalizeRole, type User, type UserListQuery, type UserPage } from '@shop/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hashSecret } from '../../lib/passwords';
import type { AdminUsersRepository } from './admin-users.repository';

export const DEFAULT_ADMIN = { email: 'admin@example.com', password: 'Admin@12345' } as const;

/** The admin's changes to users, and the first admin; never leaves the shop without an active admin. */
export class AdminUsersService {
  constructor(
    private readonly database: Database,
    private readonly repository: AdminUsersRepository,
    private readonly users: FastifyInstance['users'],
    private readonly account: FastifyInstance['account'],
    private readonly orders: FastifyInstance['orders'],
    private readonly onEmailQueued: () => void,
  ) {}

  async listUsers(query: UserListQuery): Promise<UserPage> {
    const { users, total } = await this.users.list(query);
    return { users, page: query.page, pageSize: query.pageSize, total };
  }

  /**
   * Role and active changes; a disabled account is logged out everywhere at once, and its unpaid
   * orders are cancelled with it, so the stock they held goes back on sale.
   */
  async updateUser(
    id: string,
    changes: { role?: 'CUSTOMER' | 'ADMIN'; active?: boolean },
    actor = 'system',
  ): Promise<User> {
    const target = await this.users.findById(id);
    if (!target) throw new AppError('NOT_FOUND', M.userNotFound);
    const updated = await this.database.db.transaction(async (tx) => {
      await this.repository.lockActiveAdmins(tx);
      const stillAdmin = (changes.role ?? normalizeRole(target.role)) === 'ADMIN' && (changes.active ?? target.active);
      if (!stillAdmin) await this.assertAnotherActiveAdmin(tx, id);
      const user = await this.users.update(id, changes, tx);
      let cancelled = 0;
      if (changes.active === false) {
        await this.account.endAllSessions(id, tx);
        cancelled = await this.orders.admin.cancelUnpaidOf(tx, id, actor);
      }
      return { user, cancelled };
    });
    if (!updated.user) throw new AppError('NOT_FOUND', M.userNotFound);
    if (updated.cancelled > 0) this.onEmailQueued();
    return updated.user;
  }

  /** Deletes the account; its unpaid orders are cancelled first, in the same transaction. */
  async deleteUser(id: string, actor = 'system'): Promise<void> {
    if (!(await this.users.findById(id))) throw new AppError('NOT_FOUND', M.userNotFound);
    const cancelled = await this.database.db.transaction(async (tx) => {
      await this.repository.lockActiveAdmins(tx);
      await this.assertAnotherActiveAdmin(tx, id);
      const cancelled = await this.orders.admin.cancelUnpaidOf(tx, id, actor);
      await this.users.delete(id, tx);
      return cancelled;
    });
    if (cancelled > 0) this.onEmailQueued();
  }

  private async assertAnotherActiveAdmin(tx: Transaction, exceptId: string) {
    if ((await this.repository.countActiveAdminsExcept(exceptId, tx)) === 0)
      throw new AppError('LAST_ADMIN', M.lastAdmin);
  }

  /**
   * The first admin, when the shop has none: from ADMIN_EMAIL/ADMIN_PASSWORD, or the documented
   * default when NODE_ENV is development or test (never when it is unset). An existing account
   * with that email is never promoted as it is: it gets ADMIN_PASSWORD and loses its sessions
   * and reset codes, so whoever registered the address first cannot keep it
   * (docs/decisions/009-first-admin-bootstrap.md). Two processes starting together are settled
   * by the unique email index.
   */
  async ensureFirstAdmin(
    config: { env?: string; admin: { email?: string; password?: string } },
    log: FastifyBaseLogger,
  ) {
    if ((await this.repository.countAdmins()) > 0) return;
    let email = config.admin.email?.toLowerCase();
    let password = config.admin.password;
    if (!email || !password) {
      if (config.env !== 'development' && config.env !== 'test') {
        log.warn(
          'no admin account exists: set ADMIN_EMAIL and ADMIN_PASSWORD to create one (the default admin is only made when NODE_ENV is development or test)',
        );
        return;
      }
      email = DEFAULT_ADMIN.email;
      password = DEFAULT_ADMIN.password;
      log.warn(
        { email },
        'created the default admin account; its password is the one in README.md. Set ADMIN_EMAIL and ADMIN_PASSWORD for a real one',
      );
    } else {
      log.info({ email }, 'creating the first admin from ADMIN_EMAIL');
    }
    const passwordHash = await hashSecret(password);
    const found = (await this.users.findAccountByEmail(email))?.user;
    if (!found) {
      await this.users.createAdmin(email, passwordHash);
      return;
    }
    await this.database.db.transaction(async (tx) => {
      await this.users.update(found.id, { role: 'ADMIN', active: true, passwordHash }, tx);
      await this.account.endAllSessions(found.id, tx);
    });
    log.warn(
      { email },
      'an account with the admin email already existed: it is now the admin with the configured password, and its sessions and reset codes were ended. Check its name, phone and address',
    );
  }
}
