import {
  DASHBOARD_DAYS,
  DASHBOARD_LOW_STOCK_LIST,
  DASHBOARD_TOP_PRODUCTS,
  DASHBOARD_WAITING_LIST,
  type Dashboard,
  hundredthsToUnits,
  koboToNaira,
  lagosDate,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
} from '@shop/shared';
import { ChangeCache } from '../../lib/change-cache';
import type { DashboardRepository } from './dashboard.repository';

const countsOf = <Key extends string>(keys: readonly Key[], rows: { key: string; n: number }[]) =>
  Object.fromEntries(keys.map((key) => [key, rows.find((row) => row.key === key)?.n ?? 0])) as Record<Key, number>;

/** The admin's sales dashboard: figures from SQL aggregates, in naira from kobo, every key present. */
export class DashboardService {
  /**
   * The figures, computed once and shared until an order or a product changes (orders_changed,
   * catalog_changed, stock_alerts_changed; index.ts clears it) or a minute passes: ten admins on the dashboard cost
   * one computation, and what they see is never older than the last committed change.
   */
  private readonly cache = new ChangeCache<Omit<Dashboard, 'proofsToReview'>>({ ttlMs: 60_000, maxEntries: 10 });

  constructor(private readonly repository: DashboardRepository) {}

  forget() {
    this.cache.clear();
  }

  async dashboard(): Promise<Dashboard> {
    // The Lagos day is part of the key: the 30 days move at midnight. The proofs to review are
    // counted on every request: an upload or a review writes transfer_proofs, not orders, so no
    // orders_changed would clear the cache for them.
    const [figures, proofsToReview] = await Promise.all([
      this.cache.get(lagosDate(), () => this.compute()),
      this.repository.proofsToReview(),
    ]);
    return { ...figures, proofsToReview };
  }

  private async compute(): Promise<Omit<Dashboard, 'proofsToReview'>> {
    const [days, counts, top, stock, waiting] = await Promise.all([
      this.repository.revenueByDay(DASHBOARD_DAYS),
      this.repository.counts(),
      this.repository.topProducts(DASHBOARD_DAYS, DASHBOARD_TOP_PRODUCTS),
      this.repository.lowStock(DASHBOARD_LOW_STOCK_LIST),
      this.repository.waitingForRestock(DASHBOARD_WAITING_LIST),
    ]);
    // Sums in kobo (integers, exact), turned into naira once at the end.
    const revenueKobo = days.reduce((sum, day) => sum + Number(day.kobo), 0);
    const paidOrders = days.reduce((sum, day) => sum + day.orders, 0);
    return {
      revenueByDay: days.map((day) => ({ date: day.date, revenue: koboToNaira(Number(day.kobo)), orders: day.orders })),
      paidOrders,
      revenue: koboToNaira(revenueKobo),
      averageOrderValue: paidOrders === 0 ? 0 : koboToNaira(Math.round(revenueKobo / paidOrders)),
      ordersByStatus: countsOf(ORDER_STATUSES, counts.byStatus),
      ordersByPaymentStatus: countsOf(PAYMENT_STATUSES, counts.byPayment),
      transfersAwaiting: counts.transfersAwaiting,
      payOnDeliveryAwaiting: counts.payOnDeliveryAwaiting,
      payOnDeliveryToConfirm: counts.payOnDeliveryToConfirm,
      topProducts: top.map((row) => ({
        productId: row.productId,
        name: row.name,
        quantity: hundredthsToUnits(row.quantityHundredths),
        unit: row.unit,
        packSize: row.packSize,
        packItemName: row.packItemName,
        revenue: koboToNaira(Number(row.kobo)),
      })),
      // Stock in the unit of sale (12.5), with how it is sold so the page can say "12.5 yd".
      lowStock: stock.list.map((row) => ({
        id: row.id,
        name: row.name,
        stock: hundredthsToUnits(row.stockHundredths),
        unit: row.unit,
        minQuantity: hundredthsToUnits(row.minQuantityHundredths),
        packSize: row.packSize,
        packItemName: row.packItemName,
        waiting: row.waiting,
      })),
      waitingForRestock: waiting,
      lowStockCount: stock.low,
      outOfStockCount: stock.out,
    };
  }
}
