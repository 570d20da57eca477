/** The pay button other screens carry (the order card): its callback data, handled by this feature. */
export const payData = (orderId: string): string => `pay:o:${orderId}`;
