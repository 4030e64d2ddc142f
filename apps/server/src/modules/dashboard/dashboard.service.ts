import {
  DASHBOARD_DAYS,
  DASHBOARD_LOW_STOCK_LIST,
  DASHBOARD_TOP_PRODUCTS,
  type Dashboard,
  koboToNaira,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
} from '@shop/shared';
import type { DashboardRepository } from './dashboard.repository';

const countsOf = <Key extends string>(keys: readonly Key[], rows: { key: string; n: number }[]) =>
  Object.fromEntries(keys.map((key) => [key, rows.find((row) => row.key === key)?.n ?? 0])) as Record<Key, number>;

/** The admin's sales dashboard: figures from SQL aggregates, in naira from kobo, every key present. */
export class DashboardService {
  constructor(private readonly repository: DashboardRepository) {}

  async dashboard(): Promise<Dashboard> {
    const [days, counts, top, stock] = await Promise.all([
      this.repository.revenueByDay(DASHBOARD_DAYS),
      this.repository.counts(),
      this.repository.topProducts(DASHBOARD_DAYS, DASHBOARD_TOP_PRODUCTS),
      this.repository.lowStock(DASHBOARD_LOW_STOCK_LIST),
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
      topProducts: top.map((row) => ({
        productId: row.productId,
        name: row.name,
        quantity: row.quantity,
        revenue: koboToNaira(Number(row.kobo)),
      })),
      lowStock: stock.list,
      lowStockCount: stock.low,
      outOfStockCount: stock.out,
    };
  }
}
