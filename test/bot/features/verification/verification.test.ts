import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";
import type { SimUser } from "../../../harness/user.js";

const SUBMIT = "/user-api-submit-verification";
const VALID_CARD = "4111 1111 1111 1111";

describe("verification", () => {
  let h: Harness;
  beforeEach(async () => {
    // http: the Telegram fake serves its file route over loopback, so the real downloader runs.
    h = await Harness.start({ http: true });
    // The seed's request of "main" is approved: no new form is offered then. Rejected, it may be sent again.
    const main = h.sandbox.state.accounts.main!.verification!;
    main.status = "rejected";
  });
  afterEach(async () => {
    await h.close();
  });

  const submits = () => h.exchangerCalls(SUBMIT);

  /** /verify → Submit verification → a kind. */
  async function startForm(
    user: SimUser,
    kind: "💳 Bank card" | "🪪 Identity document" | "🌐 External service",
  ) {
    await user.send("/verify");
    await user.press("📤 Submit verification");
    expect(user.lastText()).toContain("What would you like to verify?");
    await user.press(kind);
  }

  /** Card kind up to (not including) the photos. */
  async function fillCardFields(user: SimUser) {
    await startForm(user, "💳 Bank card");
    await user.send(VALID_CARD);
    await user.send("Ivan");
    await user.send("Petrenko");
    expect(user.lastText()).toContain("photo of your card");
  }

  describe("/verify screen", () => {
    it("main: the approved card request, readable, card masked, no secrets", async () => {
      h.sandbox.state.accounts.main!.verification!.status = "approved";
      const user = await h.linkedUser("main");
      await user.send("/verify");
      const text = user.lastText();
      expect(text).toContain("Status: ✅ Approved");
      expect(text).toContain("Kind: 💳 Bank card");
      expect(text).toContain("Card number: 4149 **** **** 1234");
      expect(text).toContain("First name: Ivan");
      expect(text).toContain("Photos: 2");
      // The sandbox writes "2024-11-02 14:05:10": shown in the one date format, UTC stated.
      expect(text).toContain("Submitted: Nov 2, 2024, 14:05 UTC");
      expect(text).not.toContain("Comment");
      const buttons = (user.lastBotMessage().replyMarkup?.inline_keyboard ?? [])
        .flat()
        .map((b) => b.text);
      // Approved: nothing to submit, so no Submit verification.
      expect(buttons).toEqual(["🔄 Refresh", "☰ Menu"]);
      expect(h.exchangerCalls("/user-api-get-verification").at(-1)!.fields.language).toBe("en");
    });

    it.each([
      ["en", "Submitted: Nov 2, 2024, 14:05 UTC", "Last updated: Nov 2, 2024, 16:40 UTC"],
      [
        "ru",
        "Дата подачи: 2 нояб. 2024 г., 14:05 UTC",
        "Последнее изменение: 2 нояб. 2024 г., 16:40 UTC",
      ],
      [
        "uk",
        "Дата подання: 2 лист. 2024 р., 14:05 UTC",
        "Остання зміна: 2 лист. 2024 р., 16:40 UTC",
      ],
    ])(
      "in %s the request's dates are the reader's, with UTC stated",
      async (languageCode, submitted, updated) => {
        const user = await h.linkedUser("main", { languageCode });
        await user.send("/verify");
        expect(user.lastText()).toContain(submitted);
        expect(user.lastText()).toContain(updated);
        expect(user.lastText()).not.toContain("2024-11-02");
      },
    );

    it("twofa: rejected, with the exchanger's comment", async () => {
      const user = await h.linkedUser("twofa");
      await user.send("/verify");
      const text = user.lastText();
      expect(text).toContain("Status: ❌ Rejected");
      expect(text).toContain(
        "Comment from the exchanger: The photo is blurry, please upload a sharper one",
      );
      expect(text).toContain("Card number: 5168 **** **** 4321");
      expect(text).toContain("submit a new one");
    });

    it("empty: no request yet; the menu item replaces the menu with a protected message, Refresh edits it", async () => {
      const user = await h.linkedUser("empty");
      await user.send("/menu");
      await user.press("⋯ More");
      const menu = user.lastBotMessage();
      await user.press("🪪 Verification");
      // An edit cannot protect the menu message, so the protected screen takes its place: the menu
      // is deleted, as every other item replaces it.
      const screen = user.lastBotMessage();
      expect(screen.messageId).not.toBe(menu.messageId);
      expect(screen.protectContent).toBe(true);
      expect(user.visible().some((m) => m.messageId === menu.messageId)).toBe(false);
      expect(user.lastText()).toContain("You have not submitted a verification request yet");
      await user.press("🔄 Refresh");
      expect(user.lastBotMessage().messageId).toBe(screen.messageId);
      expect(h.exchangerCalls("/user-api-get-verification")).toHaveLength(2);
    });

    it("masks full card numbers and humanizes unknown fields a server may send; hides secrets", async () => {
      const user = await h.linkedUser("empty");
      h.sandbox.state.accounts.empty!.verification = {
        status: "moderation_queue",
        card_number: "5375414122229876",
        reviewer_note_internal: "<b>see ticket</b>",
        document_hash: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
        confirm_token: "abc",
      };
      await user.send("/verify");
      const text = user.lastText();
      expect(text).toContain("Status: moderation_queue");
      expect(text).toContain("Card number: 537541******9876");
      expect(text).toContain("Reviewer note internal: <b>see ticket</b>");
      expect(text).not.toMatch(/9f86d08|abc|hash|token/i);
    });
  });

  describe("bank card", () => {
    it("collects the fields and a photo, submits one multipart call, offers to delete the photos", async () => {
      const user = await h.linkedUser("main");
      await startForm(user, "💳 Bank card");
      expect(user.lastText()).toContain("card number");

      const cardCalls = await user.send(VALID_CARD);
      // The full card number does not stay in the chat.
      expect(cardCalls.some((c) => c.method === "deleteMessage")).toBe(true);
      expect(user.visible().some((m) => m.text.includes("4111"))).toBe(false);

      await user.send("Ivan");
      await user.send("Petrenko");
      await user.sendPhoto({ size: 123_456 });
      expect(user.lastText()).toContain("Photo 1 received");
      await user.press("✅ Done (1 photo)");

      const summary = user.lastText();
      expect(summary).toContain("Please check your verification request");
      expect(summary).toContain("Card number: 411111******1111");
      expect(summary).toContain("First name: Ivan");
      expect(summary).toContain("Last name: Petrenko");
      expect(summary).toContain("Photos: 1");
      expect(summary).not.toContain("4111111111111111");
      expect(submits()).toHaveLength(0);

      await user.press("📤 Submit");
      expect(submits()).toHaveLength(1);
      const request = submits()[0]!;
      expect(request.account).toBe("main");
      expect(request.status).toBe(200);
      expect(request.contentType).toMatch(/^multipart\/form-data/);
      expect(request.fields).toEqual({
        card_number: "4111111111111111",
        first_name: "Ivan",
        last_name: "Petrenko",
        language: "en",
      });
      expect(request.files).toEqual([
        {
          field: "photos[]",
          filename: "photo-1.jpg",
          contentType: "image/jpeg",
          size: expect.any(Number),
        },
      ]);
      expect(request.files[0]!.size).toBeLessThan(123_456); // re-encoded: only the picture, not what trailed it
      // getFile asked for the largest size, not the thumbnail (on arrival, and again to send it).
      expect(h.fake.callsOf("getFile").map((c) => String(c.payload.file_id))).toEqual([
        expect.not.stringMatching(/thumb/),
        expect.not.stringMatching(/thumb/),
      ]);

      const result = user.lastText();
      expect(result).toContain("Your verification request was sent");
      expect(result).toContain("Status: ⏳ Under review");
      expect(result).toContain("Card number: 4111 **** **** 1111");
      expect(result).toContain("Your photos are still in this chat");

      const photosBefore = user.visible().filter((m) => m.from === "user" && m.photo);
      expect(photosBefore).toHaveLength(1);
      await user.press("🧹 Delete my photos");
      expect(user.visible().filter((m) => m.from === "user" && m.photo)).toHaveLength(0);
      expect(user.lastText()).toContain("1 photo message deleted");
      // The flow is over: the screen now offers the status screen and the menu.
      await user.press("🔄 Refresh");
      expect(user.lastText()).toContain("Status: ⏳ Under review");
    });

    it("a screen the user deleted before pressing its button comes back as a new message, and the form goes on", async () => {
      const user = await h.linkedUser("main");
      await user.send("/verify");
      await user.press("📤 Submit verification");
      // The kind picker (the /verify screen, edited) is deleted while its button is being pressed.
      const picker = user.findButton("💳 Bank card");
      // Telegram refuses edits of the message the user deleted: that is the case under test.
      h.fake.expectErrors(/message to edit not found/);
      h.fake.message(user.chatId, picker.message.messageId)!.deleted = true;
      await user.pressData(picker.data, picker.message.messageId);
      expect(user.transcript()).toContain("💳 Bank card");
      expect(user.lastText()).toContain("card number");

      await user.send(VALID_CARD);
      await user.send("Ivan");
      await user.send("Petrenko");
      await user.sendPhoto({ size: 50_000 });
      await user.press("✅ Done (1 photo)");
      const summary = user.findButton("📤 Submit");
      h.fake.message(user.chatId, summary.message.messageId)!.deleted = true;
      await user.pressData(summary.data, summary.message.messageId);

      expect(submits()).toHaveLength(1);
      const result = user.lastBotMessage();
      expect(result.messageId).not.toBe(summary.message.messageId);
      expect(result.text).toContain("Your verification request was sent");
      // It shows personal data: protected like the summary it stands in for.
      expect(result.protectContent).toBe(true);
      // Its buttons are the form's: the clean-up offer still works.
      await user.press("🧹 Delete my photos");
      expect(user.visible().filter((m) => m.from === "user" && m.photo)).toHaveLength(0);
      expect(user.lastText()).toContain("1 photo message deleted");
    });

    it("card number errors: characters, length, checksum — each explained, asked again", async () => {
      const user = await h.linkedUser("main");
      await startForm(user, "💳 Bank card");
      await user.send("4111 1111 abcd 1111");
      expect(user.lastText()).toContain("only digits, spaces and dashes");
      expect(user.lastText()).toContain("Send the card number");
      await user.send("4111 1111 111");
      expect(user.lastText()).toContain("12 to 19 digits");
      await user.send("4111 1111 1111 1112");
      expect(user.lastText()).toContain("check digit does not match");
      await user.send("5555-5555-5555-4444");
      expect(user.lastText()).toContain("first name");
      expect(user.lastText()).toContain("on the card");
      // Every rejected attempt was deleted too; only one prompt has live buttons.
      expect(user.visible().filter((m) => m.from === "user" && /\d{4}/.test(m.text))).toHaveLength(
        0,
      );
      const formButtons = (m: {
        replyMarkup?: { inline_keyboard?: { callback_data?: string }[][] };
      }) =>
        (m.replyMarkup?.inline_keyboard ?? [])
          .flat()
          .some((b) => b.callback_data === "flow:cancel");
      expect(user.visible().filter(formButtons)).toHaveLength(1);
    });

    it("name errors: empty, control characters, no letters, too long", async () => {
      const user = await h.linkedUser("main");
      await startForm(user, "💳 Bank card");
      await user.send(VALID_CARD);
      await user.send("Iv\u0007an");
      expect(user.lastText()).toContain("invisible control characters");
      await user.send("12345");
      expect(user.lastText()).toContain("must contain letters");
      await user.send("A".repeat(101));
      expect(user.lastText()).toContain("too long");
      await user.send("Ivan");
      await user.send("   ");
      // Telegram never delivers blank messages, but a lone invisible character does arrive.
      await user.send("\u200b");
      expect(user.lastText()).toContain("invisible control characters");
      await user.send("Petrenko");
      expect(user.lastText()).toContain("photo of your card");
    });

    it("refuses an oversized photo and a non-image before any upload; Done needs a photo", async () => {
      const user = await h.linkedUser("main");
      await fillCardFields(user);

      await user.sendPhoto({ size: 9000 * 1024 + 1 });
      expect(user.lastText()).toContain("This file is 9001 KB; the limit is 9000 KB per photo");
      await user.sendDocument({
        fileName: "statement.pdf",
        mimeType: "application/pdf",
        size: 2000,
      });
      expect(user.lastText()).toContain("This is not a JPEG, PNG or WebP image");
      await user.sendDocument({ fileName: "logo.svg", mimeType: "image/svg+xml", size: 500 });
      expect(user.lastText()).toContain("This is not a JPEG, PNG or WebP image");
      // Nothing accepted yet: no Done button anywhere, text gets a hint.
      expect(() => user.findButton(/Done/)).toThrow();
      await user.send("here you go");
      expect(user.lastText()).toContain("Please send a photo");
      // Nothing was fetched from Telegram for the refused files.
      expect(h.fake.callsOf("getFile")).toHaveLength(0);

      await user.sendPhoto({ size: 9000 * 1024 }); // exactly the limit is fine
      await user.press("✅ Done (1 photo)");
      await user.press("📤 Submit");
      const request = submits().at(-1)!;
      expect(request.files).toHaveLength(1);
      // Looked at once as it arrived, fetched again to be sent.
      expect(h.fake.callsOf("getFile")).toHaveLength(2);
      // All four media messages (accepted or refused) are offered for deletion.
      await user.press("🧹 Delete my photos");
      expect(user.lastText()).toContain("4 photo messages deleted");
      expect(user.visible().filter((m) => m.from === "user" && m.photo)).toHaveLength(0);
    });

    it("a refusal after a photo carries the Done button; typing “done” finishes the photos (en, ru, uk)", async () => {
      for (const [languageCode, done, word] of [
        ["en", /^✅ Done/, "done"],
        ["ru", /^✅ Готово/, "Готово"],
        ["uk", /^✅ Готово/, "готово"],
      ] as const) {
        h.sandbox.state.accounts.main!.verification!.status = "rejected";
        const user = await h.linkedUser("main", { languageCode });
        await user.send("/verify");
        await user.press(/^📤 /);
        await user.press(/^💳 /);
        await user.send(VALID_CARD);
        await user.send("Ivan");
        await user.send("Petrenko");
        await user.sendPhoto();
        await user.sendDocument({ fileName: "a.pdf", mimeType: "application/pdf", size: 900 });
        const refusal = user.lastBotMessage();
        expect(refusal.text).toMatch(/JPEG, PNG/);
        expect(user.findButton(done).message.messageId).toBe(refusal.messageId);
        await user.send("hello");
        expect(user.findButton(done).message.messageId).toBe(user.lastBotMessage().messageId);
        await user.send(word);
        expect(user.lastText()).not.toMatch(/📷/);
        await user.press(/^📤 /);
        expect(submits().at(-1)!.files).toHaveLength(1);
      }
    });

    it("keeps only the newest Done button; Keep them ends the flow without deleting", async () => {
      const user = await h.linkedUser("main");
      await fillCardFields(user);
      await user.sendPhoto();
      const firstDone = user.findButton(/Done/).message.messageId;
      await user.sendPhoto();
      expect(user.findButton(/Done/).message.messageId).not.toBe(firstDone);
      // The old Done button is gone; pressing its data anyway counts as a stale button.
      const stale = await user.pressData("verif:done", firstDone);
      expect(stale.find((c) => c.method === "answerCallbackQuery")!.payload.text).toBe(
        "This button has expired.",
      );
      await user.press("✅ Done (2 photos)");
      await user.press("📤 Submit");
      expect(submits().at(-1)!.files).toHaveLength(2);
      await user.press("Keep them");
      expect(user.visible().filter((m) => m.from === "user" && m.photo)).toHaveLength(2);
      expect(user.lastText()).toContain("Your verification request was sent");
    });
  });

  describe("identity document", () => {
    it("album of 3 photos plus an image file; optional fields skipped; id type from a button", async () => {
      const user = await h.linkedUser("main");
      await startForm(user, "🪪 Identity document");
      await user.press("Passport");
      expect(user.visible().some((m) => m.text.includes("✔ Passport"))).toBe(true);
      await user.send("AB 123456");
      await user.send("Olena");
      expect(user.lastText()).toContain("middle name");
      await user.press("⏭ Skip");
      expect(user.visible().some((m) => m.text.includes("Skipped."))).toBe(true);
      await user.send("Kovalenko");
      await user.send("24.08.1991");
      await user.send("+380 50 123 45 67");
      await user.send("Ukraine");
      await user.send("Kyiv");
      await user.send("Khreshchatyk 1, apt. 5");
      await user.press("⏭ Skip");
      expect(user.lastText()).toContain("photos of the document");

      await user.sendAlbum(3, 40_000);
      expect(user.transcript()).toContain("Photo 2 received");
      expect(user.lastText()).toContain("Photo 3 received");
      await user.sendDocument({ fileName: "selfie.png", mimeType: "image/png", size: 77_000 });
      expect(user.lastText()).toContain("Photo 4 received");
      await user.press("✅ Done (4 photos)");

      const summary = user.lastText();
      expect(summary).toContain("Document type: Passport");
      expect(summary).toContain("Date of birth: 24.08.1991");
      expect(summary).toContain("Phone: +380501234567");
      expect(summary).toContain("Photos: 4");
      expect(summary).not.toContain("Middle name");

      await user.press("📤 Submit");
      const request = submits().at(-1)!;
      expect(request.fields).toEqual({
        id_type: "passport",
        id_number: "AB 123456",
        first_name: "Olena",
        last_name: "Kovalenko",
        birth_date: "24.08.1991",
        phone: "+380501234567",
        country: "Ukraine",
        city: "Kyiv",
        address: "Khreshchatyk 1, apt. 5",
        language: "en",
      });
      // The file declared as selfie.png holds a JPEG: sent as what it is, under the bot's own name.
      expect(request.files.map((f) => [f.field, f.filename, f.contentType])).toEqual([
        ["photos[]", "photo-1.jpg", "image/jpeg"],
        ["photos[]", "photo-2.jpg", "image/jpeg"],
        ["photos[]", "photo-3.jpg", "image/jpeg"],
        ["photos[]", "photo-4.jpg", "image/jpeg"],
      ]);
      expect(user.lastText()).toContain("Kind: 🪪 Identity document");
    });

    it("birth date and phone errors are explained and asked again", async () => {
      const user = await h.linkedUser("main");
      await startForm(user, "🪪 Identity document");
      await user.send("ID card"); // typed instead of a button
      await user.send("123456789");
      await user.send("Olena");
      await user.send("Ivanivna");
      await user.send("Kovalenko");

      const attempts: [string, string][] = [
        ["1991-08-24", "as dd.mm.yyyy"],
        ["31.02.1990", "This date does not exist"],
        ["01.01.2090", "must be in the past"],
        [`01.01.${new Date().getUTCFullYear() - 5}`, "at least 14 years old"],
        ["01.01.1850", "older than 120"],
      ];
      for (const [answer, message] of attempts) {
        await user.send(answer);
        expect(user.lastText()).toContain(message);
        expect(user.lastText()).toContain("date of birth");
      }
      await user.send("1.2.1990");
      for (const wrong of ["0501234567", "+38 050 abc", "+123"]) {
        await user.send(wrong);
        expect(user.lastText()).toContain("international format: + and the country code");
      }
      await user.send("+380501234567");
      expect(user.lastText()).toContain("country");
      await user.send("Ukraine");
      await user.send("Lviv");
      await user.send("Rynok Square 1");
      await user.send("79-000");
      await user.sendPhoto();
      await user.press(/Done/);
      await user.press("📤 Submit");
      const fields = submits().at(-1)!.fields;
      expect(fields).toMatchObject({
        id_type: "id_card",
        middle_name: "Ivanivna",
        birth_date: "01.02.1990",
        phone: "+380501234567",
        zip_code: "79-000",
      });
    });
  });

  it("third-party service: no questions, no photos, one call without fields", async () => {
    const user = await h.linkedUser("empty");
    await startForm(user, "🌐 External service");
    expect(user.lastText()).toContain("no data is needed");
    await user.press("📤 Submit");
    const request = submits().at(-1)!;
    expect(request.account).toBe("empty");
    expect(request.fields).toEqual({ language: "en" });
    expect(request.files).toEqual([]);
    expect(user.lastText()).toContain("Status: ⏳ Under review");
    expect(user.lastText()).toContain("Kind: 🌐 Third-party verification service");
    expect(() => user.findButton("🧹 Delete my photos")).toThrow();
    // The flow has ended: text is no longer taken as an answer.
    await user.send("hello");
    expect(user.lastText()).toMatch(/Use the menu/);
  });

  it("a restart mid-flow resumes where the user was, photos included", async () => {
    const user = await h.linkedUser("main");
    await startForm(user, "💳 Bank card");
    await user.send(VALID_CARD);
    await user.send("Ivan");
    // The answers wait in the (encrypted) replay log, never in clear.
    const stored = (await h.rawRedisValues()).join("\n");
    expect(stored).not.toContain("4111111111111111");
    expect(stored).not.toContain("Ivan");
    await h.restart();
    await user.send("Petrenko");
    expect(user.lastText()).toContain("photo of your card");
    await user.sendPhoto({ size: 10_000 });
    await h.restart();
    await user.sendPhoto({ size: 20_000 });
    expect(user.lastText()).toContain("Photo 2 received");
    await user.press("✅ Done (2 photos)");
    await h.restart();
    await user.press("📤 Submit");
    const request = submits().at(-1)!;
    expect(request.fields).toMatchObject({
      card_number: "4111111111111111",
      first_name: "Ivan",
      last_name: "Petrenko",
    });
    expect(request.files.map((f) => f.filename)).toEqual(["photo-1.jpg", "photo-2.jpg"]);
    expect(submits()).toHaveLength(1);
  });

  it("Edit restarts the form; the first answers are not submitted", async () => {
    const user = await h.linkedUser("main");
    await fillCardFields(user);
    await user.sendPhoto({ size: 1111 });
    await user.press(/Done/);
    await user.press("✏️ Edit");
    expect(user.lastText()).toContain("What would you like to verify?");
    await user.press("🌐 External service");
    await user.press("📤 Submit");
    expect(submits()).toHaveLength(1);
    expect(submits()[0]!.fields).toEqual({ language: "en" });
    expect(submits()[0]!.files).toHaveLength(0);
  });

  it("Cancel at any prompt leaves the form; nothing is submitted", async () => {
    const user = await h.linkedUser("main");
    await fillCardFields(user);
    await user.press("✖ Cancel");
    expect(user.lastText()).toContain("Cancelled");
    await user.sendPhoto();
    expect(user.lastText()).toMatch(/Use the menu/);
    expect(submits()).toHaveLength(0);
  });

  it("stray input mid-flow gets a hint; stale buttons expire", async () => {
    const user = await h.linkedUser("main");
    await startForm(user, "💳 Bank card");
    await user.sendPhoto();
    expect(user.lastText()).toContain("answer this question with a text message");
    // The kind picker's buttons are gone; forged presses on it are expired.
    const picker = user.visible().find((m) => m.text.includes("Verification: 💳 Bank card"))!;
    const calls = await user.pressData("verif:kind:identity", picker.messageId);
    expect(calls.find((c) => c.method === "answerCallbackQuery")!.payload.text).toBe(
      "This button has expired.",
    );
    await user.send(VALID_CARD);
    expect(user.lastText()).toContain("first name");
  });

  it("while the photo clean-up is offered, anything else ends the flow and is handled as usual", async () => {
    const user = await h.linkedUser("main");
    await fillCardFields(user);
    await user.sendPhoto();
    await user.press(/Done/);
    await user.press("📤 Submit");
    const result = user.lastBotMessage();
    await user.send("/verify");
    expect(user.lastText()).toContain("Status: ⏳ Under review");
    expect(user.lastText()).not.toContain("Your verification request was sent");
    // The offer's buttons were taken away; the photo stays.
    expect(
      (h.fake.message(user.chatId, result.messageId)!.replyMarkup?.inline_keyboard ?? []).flat(),
    ).toHaveLength(0);
    expect(user.visible().filter((m) => m.from === "user" && m.photo)).toHaveLength(1);
    // Under review: no new form is offered (screen.test.ts: an older screen's button says why).
    expect(() => user.findButton("📤 Submit verification")).toThrow();
  });

  it("Submit verification on an older /verify screen restarts the form", async () => {
    const user = await h.linkedUser("main");
    await user.send("/verify");
    const older = user.lastBotMessage().messageId;
    await user.send("/verify");
    await user.press("📤 Submit verification");
    await user.press("💳 Bank card");
    await user.send(VALID_CARD);
    // A card number was typed: leaving the form is confirmed first, then the button is pressed again.
    await user.press("📤 Submit verification", older);
    expect(user.lastText()).toContain("Leave the form? What you entered will be lost.");
    await user.press("Yes, leave");
    await user.press("📤 Submit verification", older);
    // The picker replaces that older screen (edited in place).
    expect(h.fake.message(user.chatId, older)!.text).toContain("What would you like to verify?");
    await user.press("🌐 External service", older);
    await user.press("📤 Submit");
    expect(submits()).toHaveLength(1);
    expect(submits()[0]!.fields).toEqual({ language: "en" });
  });

  it("an exchanger that does not answer on submit keeps the form for another try", async () => {
    const user = await h.linkedUser("main");
    await fillCardFields(user);
    await user.sendPhoto({ size: 5000 });
    await user.press(/Done/);
    h.sandbox.injectFault({ path: SUBMIT, kind: "html500" });
    await user.press("📤 Submit");
    expect(user.lastText()).toContain("The exchanger is not answering");
    expect(user.lastText()).toContain("Please check your verification request");
    await user.press("📤 Submit");
    expect(submits().filter((r) => r.status === 200)).toHaveLength(1);
    expect(user.lastText()).toContain("Your verification request was sent");
  });

  it("a photo Telegram cannot hand out: explained, nothing submitted, Submit again works", async () => {
    const user = await h.linkedUser("main");
    await fillCardFields(user);
    await user.sendPhoto({ size: 3000 });
    await user.press(/Done/);
    h.fake.failNext(
      "getFile",
      400,
      "Bad Request: wrong file_id or the file is temporarily unavailable",
    );
    await user.press("📤 Submit");
    expect(user.lastText()).toContain("I could not fetch your photos from Telegram");
    expect(submits()).toHaveLength(0);
    await user.press("📤 Submit");
    expect(
      submits()
        .at(-1)!
        .files.map((f) => f.filename),
    ).toEqual(["photo-1.jpg"]);
  });

  it("speaks the chat's language and sends it to the exchanger", async () => {
    const user = await h.linkedUser("main", { languageCode: "uk" });
    await user.send("/verify");
    expect(user.lastText()).toContain("Статус: ❌ Відхилено");
    await user.press("📤 Пройти верифікацію");
    await user.press("🌐 Сторонній сервіс");
    await user.press("📤 Надіслати");
    expect(submits().at(-1)!.fields.language).toBe("uk");
    expect(user.lastText()).toContain("Запит на верифікацію надіслано");
  });
});
