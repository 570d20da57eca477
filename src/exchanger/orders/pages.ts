/**
 * Orders as every reader of them needs them — the /orders and /referrals screens, the payable list,
 * the pay card, the watcher, the exchange flow's lookup of a created order — through one component
 * that consults and teaches the server profile itself: newest first whatever end the server lists
 * first, at the page size it honours, with the status filters it understands (a refused one is never
 * offered again), each order looked up by exactly its id or token. Callers pass what they want
 * (which list, which filter, which page) and never carry or feed back what the server is like.
 */
import { ExchangerError, Unauthorized, Unreadable } from "../errors.js";
import { newestFirstPage, type OrdersPage } from "../newest-first.js";
import type { OrderList } from "../list-order.js";
import { findOrder, type OrderLookup } from "../order-lookup.js";
import { choiceStatus, statusFilterParam, type StatusChoice } from "../server-statuses.js";
import type { ServerProfile } from "../server/profile.js";
import { proveOrder, type Proof, type RowsOf } from "./payable-proof.js";
import type { Caller, ExchangerClient, ListParams, Order, OrderFilters, Page } from "../types.js";
import { statusMeaning } from "../vocabulary.js";

export type { OrderList } from "../list-order.js";

export interface PageQuery {
  list: OrderList;
  /** A status filter the server offered (filterChoices); none: every order. */
  status?: StatusChoice;
  /** 1 = the newest orders. */
  page: number;
  size: number;
}

/** Runs before each request to the server (the watcher's shared request budget); throws to stop. */
export type Gate = () => Promise<void>;

/** The server refused a status filter: it is not offered again. */
export class StatusFilterRefused extends Error {
  override name = "StatusFilterRefused";
  constructor(readonly choice: StatusChoice) {
    super("the exchanger refused a status filter");
  }
}

/** How many newest orders a created order is looked for among (exchange/create.ts). */
export const NEWEST_FOR_CREATED = 20;

/** What the order pages read through: the client's two lists, and its rows as written for the proofs. */
export type OrdersClient = Pick<ExchangerClient, "getOrders" | "getReferralOrders"> & {
  /** Without it (a client of named records only), a positional order is never proved. */
  orderRows?: RowsOf;
};

export class OrderPages {
  constructor(
    private readonly client: OrdersClient,
    private readonly profile: ServerProfile,
  ) {}

  /** The user's page `query.page` of the list, newest first (OrdersPage.servedSize: the size it is counted in). */
  async page(caller: Caller, query: PageQuery, gate?: Gate): Promise<OrdersPage> {
    const params = {
      page: query.page,
      limit: query.size,
      ...(query.status && { status: statusFilterParam(query.status) }),
    };
    const { listOrder, pageSize } = this.profile;
    try {
      return await newestFirstPage(
        listOrder,
        query.list,
        params,
        this.#fetch(caller, query.list, gate),
        pageSize,
      );
    } catch (error) {
      // The error envelope to a filtered read (not a rejected key) is the server refusing the filter.
      if (query.status && error instanceof ExchangerError && !(error instanceof Unauthorized)) {
        this.profile.statuses.refuse(query.status);
        throw new StatusFilterRefused(query.status);
      }
      throw error;
    }
  }

  /**
   * The order with exactly this id or token in the list; undefined when the exchanger has none, and
   * Unreadable when none matched but the answer held rows the bot cannot read (it may be one of them).
   */
  async find(
    caller: Caller,
    list: OrderList,
    lookup: OrderLookup,
    gate?: Gate,
  ): Promise<Order | undefined> {
    let unread = 0;
    const fetch = this.#fetch(caller, list, gate);
    const order = await findOrder(async (params) => {
      const page = await fetch(params);
      unread += page.unread ?? 0;
      return page;
    }, lookup);
    if (order === undefined && unread > 0)
      throw new Unreadable(list === "own" ? "user-api-get-orders" : "user-api-get-referral-orders");
    return order;
  }

  /** The account's newest own orders (the exchange flow compares them before and after creating). */
  async newest(caller: Caller, count = NEWEST_FOR_CREATED): Promise<Order[]> {
    return (await this.page(caller, { list: "own", page: 1, size: count })).items;
  }

  /**
   * What the server proves about an own order right now, independently of any layout: its status, and
   * that its token is this order's (payable-proof.ts). Before every Pay confirmation and spend.
   */
  async prove(caller: Caller, order: Order): Promise<Proof> {
    const rows = this.client.orderRows;
    if (rows === undefined)
      return order.row === undefined ? { proven: true, status: order.status } : { proven: false };
    return proveOrder(rows, caller, order, this.profile.statuses.domain());
  }

  /** The status filters to offer now (server-statuses.ts says which, and why). */
  filterChoices(): readonly StatusChoice[] {
    return this.profile.statuses.filterChoices();
  }

  /**
   * The server's filter for "awaiting payment", when exactly one status means it (a server of names
   * may have two, "new" and "awaiting_payment": one filter would hide the other's orders).
   */
  payableChoice(): StatusChoice | undefined {
    const choices = this.filterChoices().filter(
      (choice) => statusMeaning(choiceStatus(choice)) === "awaiting-payment",
    );
    return choices.length === 1 ? choices[0] : undefined;
  }

  /** One server read of the list, its statuses noted in the profile (the filter chips derive from them). */
  #fetch(caller: Caller, list: OrderList, gate: Gate | undefined) {
    return async (params: OrderFilters & ListParams): Promise<Page<Order>> => {
      await gate?.();
      const page =
        list === "own"
          ? await this.client.getOrders(caller, params)
          : await this.client.getReferralOrders(caller, params);
      this.profile.statuses.observe(page.items.map((order) => order.status));
      return page;
    };
  }
}
