/**
 * Every error message the sandbox can send, in the three languages of the spec's `language` parameter.
 * One table so a missing translation is a type error, not a runtime surprise. Placeholders are
 * `{name}` and are filled by `translate`.
 */
import type { Language } from "../languages.js";

export const SANDBOX_LANGUAGES = ["en", "ru", "uk"] as const satisfies readonly Language[];

/** Unknown or absent `language` falls back to English (a real exchanger uses its site default). */
export function pickLanguage(raw: string | undefined): Language {
  return (SANDBOX_LANGUAGES as readonly string[]).includes(raw ?? "") ? (raw as Language) : "en";
}

export const MESSAGES = {
  unauthorized: {
    en: "Invalid API key",
    ru: "Неверный API ключ",
    uk: "Невірний API ключ",
  },
  notFound: {
    en: "Unknown API method",
    ru: "Неизвестный метод API",
    uk: "Невідомий метод API",
  },
  methodNotAllowed: {
    en: "HTTP method {method} is not allowed, use {allowed}",
    ru: "HTTP метод {method} не разрешён, используйте {allowed}",
    uk: "HTTP метод {method} не дозволено, використовуйте {allowed}",
  },
  badBody: {
    en: "Malformed request body",
    ru: "Некорректное тело запроса",
    uk: "Некоректне тіло запиту",
  },
  bodyTooLarge: {
    en: "Request body is too large",
    ru: "Слишком большое тело запроса",
    uk: "Завелике тіло запиту",
  },
  internal: {
    en: "Internal server error, try again later",
    ru: "Внутренняя ошибка сервера, попробуйте позже",
    uk: "Внутрішня помилка сервера, спробуйте пізніше",
  },
  required: {
    en: "Parameter {name} is required",
    ru: "Параметр {name} обязателен",
    uk: "Параметр {name} обов'язковий",
  },
  invalidInteger: {
    en: "Parameter {name} must be a positive whole number",
    ru: "Параметр {name} должен быть целым положительным числом",
    uk: "Параметр {name} має бути цілим додатним числом",
  },
  invalidStatus: {
    en: "Unknown order status: {value}",
    ru: "Неизвестный статус заявки: {value}",
    uk: "Невідомий статус заявки: {value}",
  },
  unknownCurrency: {
    en: "Currency {id} does not exist",
    ru: "Валюта {id} не существует",
    uk: "Валюта {id} не існує",
  },
  valueTooLong: {
    en: "Value must be at most {max} characters",
    ru: "Значение должно быть не длиннее {max} символов",
    uk: "Значення має бути не довшим за {max} символів",
  },
  detailNotFound: {
    en: "Payment detail {id} not found",
    ru: "Реквизит {id} не найден",
    uk: "Реквізит {id} не знайдено",
  },
  directionNotFound: {
    en: "Exchange direction {id} not found",
    ru: "Направление обмена {id} не найдено",
    uk: "Напрямок обміну {id} не знайдено",
  },
  photoTooLarge: {
    en: "Photo {name} is larger than {max} KB",
    ru: "Фото {name} больше {max} КБ",
    uk: "Фото {name} більше за {max} КБ",
  },
  photoNotImage: {
    en: "File {name} is not an image",
    ru: "Файл {name} не является изображением",
    uk: "Файл {name} не є зображенням",
  },
  invalidBirthDate: {
    en: "Birth date must be in the format dd.mm.yyyy",
    ru: "Дата рождения должна быть в формате дд.мм.гггг",
    uk: "Дата народження має бути у форматі дд.мм.рррр",
  },
  invalidCardNumber: {
    en: "Invalid card number",
    ru: "Неверный номер карты",
    uk: "Невірний номер картки",
  },
  cardVerificationIncomplete: {
    en: "Card verification needs the card number, first name, last name and at least one photo",
    ru: "Для верификации карты нужны номер карты, имя, фамилия и хотя бы одно фото",
    uk: "Для верифікації картки потрібні номер картки, ім'я, прізвище та хоча б одне фото",
  },
  invalidData: {
    en: "The given data was invalid.",
    ru: "Переданы неверные данные.",
    uk: "Передано неправильні дані.",
  },
  fieldRequired: {
    en: "This field is required.",
    ru: "Это поле обязательно.",
    uk: "Це поле обов'язкове.",
  },
  detailExists: {
    en: "This value has already been saved.",
    ru: "Это значение уже сохранено.",
    uk: "Це значення вже збережено.",
  },
  twoFactorRequired: {
    en: "Two-factor authentication code is required",
    ru: "Требуется код двухфакторной аутентификации",
    uk: "Потрібен код двофакторної автентифікації",
  },
  twoFactorInvalid: {
    en: "Invalid two-factor authentication code",
    ru: "Неверный код двухфакторной аутентификации",
    uk: "Невірний код двофакторної автентифікації",
  },
  twoFactorAlreadyEnabled: {
    en: "Two-factor authentication is already enabled",
    ru: "Двухфакторная аутентификация уже включена",
    uk: "Двофакторну автентифікацію вже увімкнено",
  },
  twoFactorNotEnabled: {
    en: "Two-factor authentication is not enabled",
    ru: "Двухфакторная аутентификация не включена",
    uk: "Двофакторну автентифікацію не увімкнено",
  },
  twoFactorSecretInvalid: {
    en: "Invalid two-factor secret key (base32, at least 16 characters)",
    ru: "Неверный секретный ключ 2FA (base32, не менее 16 символов)",
    uk: "Невірний секретний ключ 2FA (base32, щонайменше 16 символів)",
  },
  invalidEnableFlag: {
    en: "Parameter two_factor_authentication_enable must be 1 or 0",
    ru: "Параметр two_factor_authentication_enable должен быть 1 или 0",
    uk: "Параметр two_factor_authentication_enable має бути 1 або 0",
  },
  orderNotFound: {
    en: "Order not found",
    ru: "Заявка не найдена",
    uk: "Заявку не знайдено",
  },
  orderNotPayable: {
    en: "The order cannot be paid: it is not in the created status",
    ru: "Заявку нельзя оплатить: она не в статусе «создана»",
    uk: "Заявку не можна оплатити: вона не в статусі «створена»",
  },
  insufficientBalance: {
    en: "Insufficient balance",
    ru: "Недостаточно средств на балансе",
    uk: "Недостатньо коштів на балансі",
  },
  wrongPassword: {
    en: "Current password is incorrect",
    ru: "Текущий пароль указан неверно",
    uk: "Поточний пароль вказано невірно",
  },
  passwordTooShort: {
    en: "New password must be at least {min} characters",
    ru: "Новый пароль должен быть не короче {min} символов",
    uk: "Новий пароль має бути не коротшим за {min} символів",
  },
  privateKeyInvalid: {
    en: "Invalid Private API key",
    ru: "Неверный ключ Private API",
    uk: "Невірний ключ Private API",
  },
  privateApiDisabled: {
    en: "The Private API is disabled",
    ru: "Private API отключён",
    uk: "Private API вимкнено",
  },
  invalidAmount: {
    en: "Parameter {name} must be a positive amount with at most {decimals} decimal places",
    ru: "Параметр {name} должен быть положительной суммой не более чем с {decimals} знаками после запятой",
    uk: "Параметр {name} має бути додатною сумою не більш ніж з {decimals} знаками після коми",
  },
  amountBelowMin: {
    en: "The minimum amount for this direction is {min}",
    ru: "Минимальная сумма для этого направления: {min}",
    uk: "Мінімальна сума для цього напрямку: {min}",
  },
  amountAboveMax: {
    en: "The maximum amount for this direction is {max}",
    ru: "Максимальная сумма для этого направления: {max}",
    uk: "Максимальна сума для цього напрямку: {max}",
  },
  insufficientReserve: {
    en: "Not enough reserve: at most {reserve} can be received",
    ru: "Недостаточно резерва: можно получить не более {reserve}",
    uk: "Недостатньо резерву: можна отримати не більше {reserve}",
  },
  userNotFound: {
    en: "User {login} not found",
    ru: "Пользователь {login} не найден",
    uk: "Користувача {login} не знайдено",
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function translate(
  key: MessageKey,
  language: Language,
  vars: Record<string, string | number> = {},
): string {
  return MESSAGES[key][language].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

/** A text that the public methods localize (currency names, input names, descriptions). */
export type LocalizedText = string | Readonly<Record<Language, string>>;

export function localize(text: LocalizedText, language: Language): string {
  return typeof text === "string" ? text : text[language];
}
