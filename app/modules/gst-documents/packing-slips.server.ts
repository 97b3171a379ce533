import { asc, eq } from "drizzle-orm";
import { orderItems, orders } from "../../../db/schema";
import { packingLineName } from "../../domain/pack-sizes";
import type { Executor } from "../../lib/db.server";
import { getSettings } from "../settings/settings.server";
import { batchesOfOrder } from "./line-batches.server";

/**
 * What the packer of an order's parcel needs (docs/decisions/059): where it goes, by which
 * method, and each line's size and quantity with the batches to pick it from. Null when there is
 * no such order.
 */
export async function loadPackingSlip(executor: Executor, orderId: string) {
  const [order] = await executor
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      status: orders.status,
      shippingMethod: orders.shippingMethod,
      shippingAddress: orders.shippingAddress,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const [items, shop, batches] = await Promise.all([
    executor
      .select({
        id: orderItems.id,
        productName: orderItems.productName,
        variantLabel: orderItems.variantLabel,
        sku: orderItems.sku,
        quantity: orderItems.quantity,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.productName), asc(orderItems.id)),
    getSettings(executor),
    batchesOfOrder(executor, orderId),
  ]);
  return {
    order,
    shop: {
      name: shop.shopName,
      addressLine1: shop.addressLine1,
      addressLine2: shop.addressLine2,
      city: shop.city,
      state: shop.state,
      postalCode: shop.postalCode,
      phone: shop.phone,
      manufacturingLicence: shop.manufacturingLicence,
    },
    lines: items.map((item) => ({
      name: packingLineName(item),
      variantLabel: item.variantLabel,
      quantity: item.quantity,
      batches: batches.get(item.id) ?? [],
    })),
  };
}

export type PackingSlipView = NonNullable<Awaited<ReturnType<typeof loadPackingSlip>>>;
