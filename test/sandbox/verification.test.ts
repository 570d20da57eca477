import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";
import { expectError, post, type Answer } from "./helpers.js";

let sb: Sandbox;
beforeEach(async () => {
  sb = await startSandbox();
});
afterEach(() => sb.close());

function photo(bytes: number, type = "image/jpeg", name = "card.jpg"): [Blob, string] {
  return [new Blob([new Uint8Array(bytes)], { type }), name];
}

async function submit(
  fields: Record<string, string>,
  photos: Array<[Blob, string]>,
  key = sb.accounts.main.apiKey,
): Promise<Answer> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const [blob, name] of photos) body.append("photos[]", blob, name);
  const res = await fetch(`${sb.baseUrl}/user-api-submit-verification`, {
    method: "POST",
    headers: { "X-Authorization": key },
    body,
  });
  return { status: res.status, body: await res.json() };
}

const card = {
  card_number: "4149 4993 1234 5678",
  first_name: "Ivan",
  last_name: "Petrenko",
  birth_date: "01.02.1990",
  language: "en",
};

describe("verification", () => {
  it("returns the current request for main and null for empty", async () => {
    expect(
      (await post(sb, "/user-api-get-verification", sb.accounts.main.apiKey)).body.result,
    ).toMatchObject({ status: "approved" });
    expect((await post(sb, "/user-api-get-verification", sb.accounts.empty.apiKey)).body).toEqual({
      success: true,
      result: null,
    });
  });

  it("accepts a card verification with photos and stores it as pending", async () => {
    const answer = await submit(
      card,
      [photo(2048), photo(4096, "image/png", "selfie.png")],
      sb.accounts.empty.apiKey,
    );
    expect(answer.body.success).toBe(true);
    expect(answer.body.result).toMatchObject({
      status: "pending",
      type: "card",
      first_name: "Ivan",
      photos: 2,
      card_number: "4149 **** **** 5678",
    });
    const now = await post(sb, "/user-api-get-verification", sb.accounts.empty.apiKey);
    expect(now.body.result).toEqual(answer.body.result);
    const recorded = sb.requests.at(-2)!;
    expect(recorded.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(recorded.account).toBe("empty");
    expect(recorded.fields).toMatchObject({ first_name: "Ivan", birth_date: "01.02.1990" });
    expect(recorded.files).toEqual([
      { field: "photos[]", filename: "card.jpg", contentType: "image/jpeg", size: 2048 },
      { field: "photos[]", filename: "selfie.png", contentType: "image/png", size: 4096 },
    ]);
  });

  it("rejects a photo over 9000 KB and keeps the old request", async () => {
    const answer = await submit(card, [
      photo(1000),
      photo(9000 * 1024 + 1, "image/jpeg", "huge.jpg"),
    ]);
    expect(expectError(answer)).toBe("Photo huge.jpg is larger than 9000 KB");
    expect(sb.requests.at(-1)!.files[1]!.size).toBe(9000 * 1024 + 1);
    expect(sb.state.accounts.main!.verification).toMatchObject({ status: "approved" });
    expect((await submit(card, [photo(9000 * 1024)])).body.success).toBe(true);
  });

  it("rejects non-image files, incomplete card data and a bad birth date", async () => {
    expect(expectError(await submit(card, [photo(10, "application/pdf", "scan.pdf")]))).toBe(
      "File scan.pdf is not an image",
    );
    expect(expectError(await submit(card, []))).toContain("at least one photo");
    expect(expectError(await submit({ ...card, last_name: "" }, [photo(10)]))).toContain(
      "last name",
    );
    expect(expectError(await submit({ ...card, birth_date: "1990-02-01" }, [photo(10)]))).toContain(
      "dd.mm.yyyy",
    );
    expect(expectError(await submit({ ...card, birth_date: "31.02.1990" }, [photo(10)]))).toContain(
      "dd.mm.yyyy",
    );
    expectError(await submit({ ...card, card_number: "1234" }, [photo(10)]));
  });

  it("accepts a third-party submission with no parameters, also form-encoded", async () => {
    const answer = await post(sb, "/user-api-submit-verification", sb.accounts.empty.apiKey);
    expect(answer.body.result).toMatchObject({ status: "pending", type: "service", photos: 0 });
  });

  it("localizes verification errors", async () => {
    const ru = await submit({ ...card, language: "ru" }, [photo(10, "text/plain", "a.txt")]);
    expect(expectError(ru)).toBe("Файл a.txt не является изображением");
    const uk = await submit({ ...card, language: "uk" }, []);
    expect(expectError(uk)).toContain("хоча б одне фото");
  });
});
