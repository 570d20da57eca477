details-menu = 💼 Реквізити
details-cmd = Збережені реквізити
details-title = 💼 <b>Реквізити</b>
details-title-count = 💼 <b>Реквізити</b> ({ $total })
details-empty = У вас ще немає збережених реквізитів. Натисніть «➕ Додати», щоб зберегти адресу гаманця або номер картки для обмінів.
details-btn-add = ➕ Додати
details-btn-delete = 🗑 Видалити…
details-delete-title = 🗑 <b>Видалення реквізитів</b>
details-delete-hint = Позначте реквізити, які треба видалити, і натисніть «Видалити вибрані».
details-btn-delete-selected = 🗑 Видалити вибрані ({ $count })
details-delete-nothing = Нічого не вибрано. Спершу позначте хоча б один реквізит.
details-delete-confirm = { $count ->
    [one] Видалити { $count } реквізит? Цю дію не можна скасувати.
    [few] Видалити { $count } реквізити? Цю дію не можна скасувати.
   *[other] Видалити { $count } реквізитів? Цю дію не можна скасувати.
}
details-delete-some-gone = { $count ->
    [one] { $count } вибраний реквізит уже не на цій сторінці, його пропущено.
    [few] { $count } вибрані реквізити вже не на цій сторінці, їх пропущено.
   *[other] { $count } вибраних реквізитів уже не на цій сторінці, їх пропущено.
}
details-btn-delete-yes = ✅ Так, видалити ({ $count })
details-delete-all-gone = Вибраних реквізитів уже немає.
details-deleted = { $count ->
    [one] Видалено { $count } реквізит.
    [few] Видалено { $count } реквізити.
   *[other] Видалено { $count } реквізитів.
}
details-add-pick = ➕ <b>Новий реквізит</b>
    Виберіть валюту нижче або напишіть частину її назви чи коду (наприклад, «usdt»), щоб скоротити список.
details-add-matches = Валюти за запитом «{ $query }» — виберіть одну або напишіть інший запит:
details-add-no-match = 🔍 Немає валюти, що підходить під «{ $query }».
details-add-pick-text-only = Виберіть валюту кнопками вище або напишіть частину її назви чи коду.
details-add-picked = Валюта: <b>{ $currency }</b>
details-add-no-currencies = Обмінник зараз не показує жодної валюти, тому додати реквізит не можна. Спробуйте пізніше.
details-add-value = Надішліть реквізит для <b>{ $currency }</b>: адресу гаманця, номер картки чи рахунку — одним рядком, не довше { $max } символів.
details-add-value-text-only = Будь ласка, надішліть реквізит текстовим повідомленням.
details-add-value-empty = ✋ Реквізит порожній.
details-add-value-too-long = ✋ Довжина — { $length } символів, а допустимо не більше { $max }.
details-add-value-control = ✋ Реквізит має бути одним рядком без табуляцій та інших службових символів.
details-add-busy = Ви додаєте реквізит. Завершіть або надішліть /cancel, щоб перервати.
details-add-saved = ✅ Збережено: <b>{ $currency }</b> — <code>{ $value }</code>
