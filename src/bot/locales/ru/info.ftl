info-menu-currencies = 🪙 Валюты
info-menu-directions = 🔀 Направления
info-menu-status = 📡 Статус
info-menu-referral = 🤝 Партнёрам
info-cmd-currencies = Валюты и резервы
info-cmd-directions = Направления обмена, курсы и лимиты
info-cmd-status = Статус обменника
info-cmd-referral = Партнёрская программа
info-nothing = Обменник не прислал подробностей.
info-currencies-title = 🪙 <b>Валюты</b> ({ $total })
info-currencies-empty = Обменник сейчас не показывает ни одной валюты.
info-currency-type-crypto = криптовалюта
info-currency-type-fiat = фиат
info-currency-type-ewallet = электронный кошелёк
info-currency-reserve = Резерв: { $value }
info-directions-title = 🔀 <b>Направления обмена</b>
info-directions-empty = У обменника сейчас нет открытых направлений обмена.
info-directions-pick-send = Что вы хотите отправить?
info-directions-pick-receive = Вы отправляете <b>{ $send }</b>. Что хотите получить?
info-directions-none-from = Из <b>{ $send }</b> больше нет открытых направлений.
info-direction-title = 🔀 <b>{ $send } → { $receive }</b>
info-direction-rate = 💱 Курс: { $send } = { $receive }
info-direction-min = ⬇️ Минимум: { $value }
info-direction-max = ⬆️ Максимум: { $value }
info-direction-reserve = 💰 Резерв: { $value }
info-direction-inputs = 📝 <b>Поля для заполнения</b>
info-direction-no-inputs = Дополнительные поля не нужны.
info-direction-optional = (необязательно)
info-status-title = 📡 <b>Статус обменника</b>
info-status-online = 🟢 Работает
info-status-offline = 🔴 Не работает
info-status-maintenance = 🛠 Технические работы
info-referral-title = 🤝 <b>Партнёрская программа</b>
info-referral-off = Партнёрская программа сейчас отключена.
info-referral-percent = 💸 <b>Вознаграждение:</b> { $value } с каждого обмена
info-referral-levels = 🪜 <b>Уровни:</b> { $value }
info-referral-level = уровень { $level } — { $value }
# A percentage (the number already in the reader's language).
info-referral-min-payout = 💳 <b>Минимальная выплата:</b> { $value }
info-referral-cookie = 🍪 <b>Реферальная ссылка запоминается на:</b> { $days ->
    [one] { $days } день
    [few] { $days } дня
   *[other] { $days } дней
}
info-direction-gone = Обменник больше не предлагает { $send } → { $receive }. Выберите другое направление.
info-referral-on = Партнёрская программа работает.
info-referral-mine-title = 🤝 <b>Ваша партнёрская программа</b>
info-referral-link = 🔗 <b>Ваша реферальная ссылка:</b> <code>{ $link }</code>
info-referral-no-link = 🔗 Обменник не даёт здесь вашу реферальную ссылку; она есть в вашем аккаунте на его сайте.
info-referral-reward = 💸 <b>Ваше вознаграждение:</b> { $value }
info-referral-volume = 📊 <b>Обменяли ваши рефералы:</b> { $value }
info-referral-orders = 🧾 <b>Заявки рефералов:</b> { $count }
info-referral-program = <b>О партнёрской программе</b>
info-referral-btn-copy = 📋 Копировать
info-referral-btn-share = 📤 Поделиться
info-referral-btn-orders = 🧾 Заявки рефералов
info-referral-share-text = Обменивайте в { $exchanger } по моей ссылке
info-referral-qr-caption = 🔗 Ваша реферальная ссылка: { $link }
