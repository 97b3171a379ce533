import type { OrderStatus, PaymentMethod, PaymentProvider } from "~/domain/orders";
import type { PostalAddress } from "~/domain/postal-address";
import { cn } from "~/lib/cn";

/** What the customer's order card and the back office's order detail both show of an order. */
export type OrderSummaryView = {
  id: string;
  orderNumber: string;
  createdAt: Date;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  paymentProvider: PaymentProvider | null;
  subtotal: number;
  discountAmount: number;
  shippingCost: number;
  shippingMethod: string;
  total: number;
  couponCode: string | null;
  trackingId: string | null;
  /**
   * "Tue, 8 Dec": the day delivery was promised when the order was placed (docs/decisions/072),
   * named by the server; absent or null for an order promised none.
   */
  deliveryBy?: string | null;
  shippingAddress: PostalAddress;
  items: {
    id: string;
    productName: string;
    /** The size as sold ('' for a product's only size) and its SKU (docs/decisions/056). */
    variantLabel?: string;
    sku?: string | null;
    quantity: number;
    unitPrice: number;
    totalPrice: number;
  }[];
};

/** The first address line, and the second on its own line when there is one. */
export function StreetLines({
  address,
}: {
  address: Pick<PostalAddress, "addressLine1" | "addressLine2">;
}) {
  return (
    <>
      {address.addressLine1}
      {address.addressLine2 ? (
        <>
          <br />
          {address.addressLine2}
        </>
      ) : null}
    </>
  );
}

/** A shipping address as the shop writes it: name, street, city, state and PIN code, phone. */
export function AddressBlock({
  address,
  withName = true,
  className,
}: {
  address: Omit<PostalAddress, "fullName"> & { fullName?: string };
  withName?: boolean;
  className?: string;
}) {
  return (
    <address className={cn("not-italic", className)}>
      {withName ? (
        <>
          {address.fullName}
          <br />
        </>
      ) : null}
      <StreetLines address={address} />
      <br />
      {address.city}, {address.state} {address.postalCode}
      <br />
      Phone: {address.phone}
    </address>
  );
}
