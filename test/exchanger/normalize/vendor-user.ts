/**
 * The user object as the vendor's documentation page "API Objects" shows it: a JSON array of 30
 * positional values (values as in its example; the secrets replaced by look-alikes of their kind).
 */
export const VENDOR_USER: readonly unknown[] = [
  1,
  "127.0.0.1",
  "XX",
  1,
  1,
  "user",
  "user@example.com",
  "9f86d081884c7d659a2feaa0c55ad015",
  "2c26b46b68ffc68ff99b453c1d304134",
  1575535740,
  "33668.78 USD",
  "0.0500 %",
  "0.5000 %",
  "1021.00 USD",
  "0.00 USD",
  "255184.81 USD",
  0,
  null,
  "k3yT0k3nV4lu3Xy9Qw8Er7Ty6Ui5Op4",
  33668.78,
  0.05,
  0.5,
  1021,
  0,
  255184.81,
  "05.12.2019, 08:49",
  "https://exchanger.example/?ref=user",
  0,
  "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
  "$2y$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy",
];

/** Every secret of VENDOR_USER: none may reach a screen, a log line or Redis. */
export const VENDOR_SECRETS: readonly string[] = [7, 8, 18, 28, 29].map((i) =>
  String(VENDOR_USER[i]),
);
