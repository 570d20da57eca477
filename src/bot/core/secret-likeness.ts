/**
 * Could this message be the secret of a prompt the user left? The rule of the lapsed-prompt guard
 * (core/lapsed-prompt.ts), pure, one per kind of secret, tested against a corpus of ordinary messages
 * in en/ru/uk and of passwords and codes as people type them (test/bot/core/secret-likeness.test.ts).
 *
 * A 2FA code: six digits typed as the app copies them ("364507"), alone or with "code"/"код"/"2FA"
 * before and a full stop after ("code 364507", "364507."). Not a code: digits with spaces or other
 * separators inside ("150 000", "364 507": that is how amounts are written), a number ending in 000
 * ("100000", "150000": round amounts; 1 code in 1000 ends so and is left — a code is good for 30
 * seconds only), a number with a unit, a sign or "#"/"№" before it.
 *
 * A password: one word, or a passphrase of 3–6 lower-case words, that is not what people type to a
 * bot: a greeting, thanks, an everyday word of the bot's screens (en/ru/uk), a currency, wallet or bank
 * name (built in, and the exchanger's currency list when the caller gives it), an amount with or
 * without its unit, an order number ("#6100", "ORD-2025-5015"), a phone number, an e-mail, a link,
 * a @username, a capitalised word ("Ethereum", «ПриватБанк», «Здравствуйте»), a ticker in capitals
 * ("USDTTRC20"), short digits. What is left — digits-only of 8 or more ("12345678"), capitals with
 * digits or over 10 letters ("PASSWORD2024", "MYSECRETPASS"), a word mixing cases with digits or
 * signs ("Pa$$1"), a lower-case word of 6+ letters in no dictionary ("qwertyuiop"), a passphrase
 * of words none of which is a function or everyday word ("correct horse battery staple") — could be.
 * A password of one capitalised word ("Sunshine") or shorter than 5 characters is not recognised:
 * the price of leaving «Здравствуйте» and «Спасибо!» alone.
 */

export type SecretKind = "password" | "code";

/** Greetings, thanks, yes/no, function words and the bot's everyday words, lower case, en/ru/uk. */
const ORDINARY_WORDS = new Set(
  [
    // en
    "hello hi hey hiya thanks thank thanx thx ty please pls ok okay yes yeah yep no nope bye goodbye",
    "good morning evening afternoon night day sorry help menu start stop cancel back next prev",
    "order orders balance account exchange rate rates status pay paid payment wallet card",
    "details verify verification password code language notify notifications referral",
    "the a an and or but to of in on at for from with by my your our me you we it is are was",
    "be been can could would should will do does did how what where when why who which this that",
    "there here not any some all just now today tomorrow yesterday still again also very much",
    "money transfer deposit withdraw withdrawal send receive received sent amount fee fees",
    "email e-mail phone number address support operator manager question problem issue done",
    "great fine cool nice well love welcome test testing wait waiting fast slow soon later",
    "want buy sell need much many please check checked arrived arrive came come got get give",
    "hours minutes long time still yet already thank's thanks! there's i'm it's don't can't",
    "bank cash crypto coin coins token usd eur uah rub kzt dollar dollars euro hryvnia ruble",
    // ru
    "здравствуйте здравствуй привет приветствую добрый доброе доброй утро день вечер ночи",
    "спасибо благодарю пожалуйста да нет ок окей хорошо ладно понятно пока извините простите",
    "помощь помогите меню старт стоп отмена отменить назад далее заявка заявки заказ баланс",
    "аккаунт обмен обменять курс курсы статус оплата оплатить оплачено кошелек кошелёк карта",
    "реквизиты верификация пароль код язык уведомления реферальная не на в и с по за от до",
    "я мой моя мое моё мои ваш ваша как что где когда почему кто это тот там тут уже ещё еще",
    "сегодня завтра вчера сейчас деньги перевод вывод ввод сумма комиссия почта телефон",
    "номер адрес поддержка оператор вопрос проблема готово отлично супер жду подождите быстро",
    "рубль рубли рублей гривна гривны гривен доллар доллары долларов евро тенге банк",
    "хочу купить продать нужно можно сколько стоит пришли пришло пришел пришёл придут вывести",
    "поменять получить отправил отправила перевел перевёл долго минут часов уже жду почему",
    // uk
    "вітаю привіт доброго добрий ранку дня вечора дякую дякуємо будь ласка так ні гаразд добре",
    "зрозуміло бувайте вибачте допомога допоможіть меню скасувати скасування назад далі",
    "заявку замовлення обмін обміняти статус оплата оплатити оплачено гаманець картка",
    "реквізити верифікація мова сповіщення реферальна у з за від як що де коли чому хто це",
    "вже ще сьогодні завтра вчора зараз гроші переказ виведення сума комісія пошта",
    "номер адреса підтримка питання проблема готово чудово чекаю зачекайте швидко гривня",
    "гривні гривень долар долари доларів банк",
    "хочу купити продати потрібно можна скільки коштує прийшли прийшло надіслав переказав",
    "вивести обміняти отримати довго хвилин годин чому",
  ]
    .join(" ")
    .split(" "),
);

/** Currencies, networks, wallets, banks and payment systems people name to an exchanger's bot. */
const KNOWN_NAMES = new Set(
  [
    "bitcoin btc ethereum eth ether tether usdt usdc dai litecoin ltc ripple xrp tron trx toncoin",
    "ton dogecoin doge solana sol bnb binance monero xmr dash zcash cardano ada polygon matic",
    "trc20 erc20 bep20 bep2 trc-20 erc-20 bep-20 usdt-trc20 usdt-erc20 usdttrc20 usdterc20",
    "metamask trustwallet trust exodus electrum ledger trezor tonkeeper okx bybit kucoin huobi",
    "payeer advcash perfectmoney perfect webmoney qiwi yoomoney юmoney skrill neteller paypal",
    "wise revolut visa mastercard mir мир sepa swift sbp сбп privatbank приватбанк privat24",
    "приват24 monobank монобанк mono моно oschadbank ощадбанк pumb пумб raiffeisen райффайзен",
    "sberbank сбербанк сбер tinkoff тинькофф тинькоф альфа альфабанк alfabank vtb втб kaspi",
    "каспи halyk халык abank абанк izibank ізібанк sense otp укрсиббанк ukrsibbank",
    "биткоин біткоїн биток эфир ефір тезер тетер юсдт лайткоин тон",
  ]
    .join(" ")
    .split(" "),
);

/** Pieces of a ticker in capitals ("USDTTRC20" = USDT + TRC20). */
const TICKER_PIECES =
  /^(?:USDT|USDC|BTC|ETH|LTC|XRP|TRX|TON|DOGE|SOL|BNB|XMR|DASH|ZEC|ADA|DAI|BUSD|MATIC|TRC20|ERC20|BEP20|BEP2|SOL|UAH|RUB|USD|EUR|KZT|CARD|SBP|QIWI|VISA|MC|P2P)+$/;

/** Letters or digits at either end; what is around them (punctuation, emoji) is not the word. */
const EDGES = /^[^\p{L}\p{N}+#№@$€₴₽]+|[^\p{L}\p{N}]+$/gu;
const CODE_PREFIX = /^(?:code|код|2fa|otp|пароль|password)\s*[:\-–—]?\s*/iu;

/** Is this text shaped like a six-digit 2FA code as people type it (see above)? */
export function codeLike(text: string): boolean {
  const body = text
    .trim()
    .replace(CODE_PREFIX, "")
    .replace(/[.!,;]+$/, "")
    .replace(/^(\d{3})[ -](\d{3})$/, "$1$2"); // "364 507", as the apps show it
  return /^\d{6}$/.test(body) && !body.endsWith("000");
}

/** Runs along a keyboard's rows and columns, as weak passwords are typed. */
const KEYBOARD = [
  "qwertyuiop",
  "asdfghjkl",
  "zxcvbnm",
  "1234567890",
  "йцукенгшщзхъ",
  "фывапролджэ",
  "ячсмитьбю",
  "qaz",
  "wsx",
  "edc",
  "rfv",
  "tgb",
  "yhn",
  "ujm",
];
const SECRET_WORDS = /pass|parol|парол|secret|секрет|admin|login|логин|qwe|йцу|asd|zxc/u;

/**
 * A lower-case word is taken for a word — "hundred", «привет» — unless it reads like a password: a run
 * of four keys of a keyboard's row ("asdf") or three columns ("qazwsx"), a password's own words,
 * longer than words are (over 20 letters: "correcthorsebatterystaple"), or no vowel in 6 letters.
 */
function lowerCasePassword(word: string): boolean {
  if (SECRET_WORDS.test(word) || [...word].length > 20) return true;
  if (!/[aeiouyаеёиоуыэюяіїє]/u.test(word)) return true;
  const runs = KEYBOARD.filter((row) => row.length > 3);
  for (let i = 0; i + 4 <= word.length; i++)
    if (runs.some((row) => row.includes(word.slice(i, i + 4)))) return true;
  const columns = KEYBOARD.filter((row) => row.length === 3);
  return columns.filter((column) => word.includes(column)).length >= 2;
}

/** An amount, its unit before or after: "1000.00RUB", "0,015BTC", "$100", "500грн", "100k". */
const AMOUNT = /^([$€₴₽£]?)[+-]?\d[\d.,'’]*(\p{L}*|[$€₴₽£%])$/u;
/** A unit written right after the digits: a ticker in capitals, or a word people write for money. */
const UNIT = /^(?:\p{Lu}{1,6}|k|к|m|грн|гр|руб|р|тыс|тис|usdt|btc|eth|uah|rub|usd|eur|kzt|ton)$/u;

function amount(token: string): boolean {
  const match = AMOUNT.exec(token);
  if (match === null) return false;
  const unit = match[2] ?? "";
  return unit === "" || !/\p{L}/u.test(unit) || UNIT.test(unit) || (match[1] ?? "") !== "";
}
const ORDER_NUMBER = /^(?:[#№]\s?[\w-]+|\p{Lu}{2,6}-\d[\d-]*|\d{1,7})$/u;
const PHONE = /^\+\d[\d\s()-]{7,18}$|^(?:380|375|77|7|8)\d{9,10}$/;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const LINK = /^(?:https?:\/\/|www\.|t\.me\/|@)\S+$/i;
const HEX_TOKEN = /^[a-f0-9]{16,}$|^[A-F0-9]{16,}$/;

/** A word anyone could type: dictionary, names, capitalised ordinary word, compound of those. */
function ordinaryWord(word: string, names: ReadonlySet<string>): boolean {
  const bare = word.replace(EDGES, "");
  if (bare === "") return true;
  const lower = bare.toLowerCase();
  if (ORDINARY_WORDS.has(lower) || KNOWN_NAMES.has(lower) || names.has(lower)) return true;
  // «Здравствуйте», "Ethereum", «ПриватБанк»: letters, a capital first, at most one more inside.
  if (/^\p{Lu}\p{Ll}+(?:\p{Lu}\p{Ll}+)?$/u.test(bare)) return true;
  // "USDT-TRC20", "Visa/Mastercard", "Tether_TRC20": every piece ordinary.
  const pieces = bare.split(/[-/_.]/).filter((p) => p !== "");
  return pieces.length > 1 && pieces.every((p) => ordinaryWord(p, names));
}

/** Not a password, whatever its letters: amounts, order numbers, phones, addresses, tickers. */
function ordinaryShape(token: string): boolean {
  const bare = token.replace(/[.!?,;:)]+$/u, "");
  if (PHONE.test(bare)) return true;
  if (/^\d{8,}$/.test(bare)) return bare.endsWith("000"); // "12345678": a PIN-like password; round: an amount
  if (amount(bare) || ORDER_NUMBER.test(bare) || PHONE.test(bare)) return true;
  if (EMAIL.test(bare) || LINK.test(bare) || HEX_TOKEN.test(bare)) return true;
  return TICKER_PIECES.test(bare) || /^[\p{Lu}\d]{1,6}$/u.test(bare);
}

/** One token a password could be: see the module's note for what is left after the ordinary. */
function passwordToken(token: string, names: ReadonlySet<string>): boolean {
  const length = [...token].length;
  if (length < 5 || length > 128) return false;
  if (ordinaryShape(token) || ordinaryWord(token, names)) return false;
  if (/^\p{Ll}+$/u.test(token)) return length >= 6 && lowerCasePassword(token);
  if (/^\p{Lu}+$/u.test(token)) return length > 10;
  return true; // digits with letters, mixed case, signs
}

/** A passphrase: 3–6 lower-case words, no sentence punctuation, none a function or everyday word. */
function passphrase(words: string[], names: ReadonlySet<string>): boolean {
  if (words.length < 3 || words.length > 6) return false;
  return words.every(
    (w) =>
      /^\p{Ll}{2,}$/u.test(w) && !ORDINARY_WORDS.has(w) && !KNOWN_NAMES.has(w) && !names.has(w),
  );
}

/** Could the text be a password (see above)? `names`: the exchanger's currency names, lower case. */
export function passwordLike(text: string, names: ReadonlySet<string> = new Set()): boolean {
  const words = text.trim().split(/\s+/u);
  if (words.length === 1) return passwordToken(words[0]!, names);
  return passphrase(words, names);
}

/** Could this text be the secret of that kind? Commands and empty text never are. */
export function couldBeSecret(
  kind: SecretKind,
  text: string,
  names: ReadonlySet<string> = new Set(),
): boolean {
  if (text.startsWith("/") || text.trim() === "") return false;
  return kind === "code" ? codeLike(text) : passwordLike(text, names);
}

/** Every word of the currency names ("Tether TRC20" → "tether", "trc20"), lower case, for `names`. */
export function nameWords(labels: Iterable<string>): Set<string> {
  const words = new Set<string>();
  for (const label of labels)
    for (const word of label.toLowerCase().split(/[\s()/,]+/u)) if (word !== "") words.add(word);
  return words;
}
