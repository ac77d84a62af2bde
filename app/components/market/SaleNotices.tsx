import { Form } from "react-router";
import { Spinner } from "#app/components/Alert.tsx";
import { BellIcon } from "#app/components/icons/bell.tsx";
import { formatIndiaDateTime, formatRupees } from "#common/format.ts";
import type { SaleNotice } from "#server/services/market/purchase.ts";
import { SALE_NOTICES_INTENTS } from "#app/components/market/market-intents.ts";

/** The new-activity banner's heading: completed handovers are sales, reservations are reservations. */
function bannerHeading(sales: number, reservations: number): string {
  const sold = sales === 1 ? "You made a sale!" : `You made ${sales} sales!`;
  const reserved =
    reservations === 1 ? "New reservation: meet the buyer" : `${reservations} new reservations: meet the buyers`;
  if (sales > 0 && reservations > 0) return `${sold} ${reserved}.`;
  return sales > 0 ? sold : reserved;
}

/**
 * My Sells' new-activity banner: the reservations to hand over and the completed sales the seller
 * has not read yet, with "Mark as read" (a form of the page, intent mark-read).
 */
export function SaleNotices({
  reservations,
  sales,
  markingRead,
}: {
  reservations: SaleNotice[];
  sales: SaleNotice[];
  markingRead: boolean;
}) {
  if (sales.length === 0 && reservations.length === 0) return null;
  return (
    <section
      aria-labelledby="sales-heading"
      className="card mb-6 border-emerald-300 bg-emerald-50 p-4 dark:border-emerald-900 dark:bg-emerald-950/40"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="sales-heading" className="flex items-center gap-2 font-semibold text-emerald-900 dark:text-emerald-200">
          <BellIcon className="h-5 w-5 shrink-0" />
          {bannerHeading(sales.length, reservations.length)}
        </h2>
        <Form method="post" preventScrollReset>
          <button
            type="submit"
            name="intent"
            value={SALE_NOTICES_INTENTS["mark-read"]}
            className="btn-secondary min-h-10"
            disabled={markingRead}
          >
            {markingRead && <Spinner label="Saving" />}
            Mark as read
          </button>
        </Form>
      </div>
      <ul className="mt-2 space-y-1 text-sm text-emerald-950 dark:text-emerald-100">
        {reservations.map((notice) => (
          <li key={notice.id}>
            <strong>{notice.buyerName}</strong> reserved <strong>{notice.productTitle}</strong> for{" "}
            {formatRupees(notice.pricePaise)} on {formatIndiaDateTime(notice.createdAt)}: meet them to hand it over,
            then confirm the handover below.
          </li>
        ))}
        {sales.map((notice) => (
          <li key={notice.id}>
            <strong>{notice.buyerName}</strong> bought <strong>{notice.productTitle}</strong> for{" "}
            {formatRupees(notice.pricePaise)}: handed over.
          </li>
        ))}
      </ul>
    </section>
  );
}
