details-menu = 💼 Реквизиты
details-cmd = Сохранённые реквизиты
details-title = 💼 <b>Реквизиты</b>
details-title-count = 💼 <b>Реквизиты</b> ({ $total })
details-empty = У вас пока нет сохранённых реквизитов. Нажмите «➕ Добавить», чтобы сохранить адрес кошелька или номер карты для обменов.
details-btn-add = ➕ Добавить
details-btn-delete = 🗑 Удалить…
details-delete-title = 🗑 <b>Удаление реквизитов</b>
details-delete-hint = Отметьте реквизиты, которые нужно удалить, и нажмите «Удалить выбранные».
details-btn-delete-selected = 🗑 Удалить выбранные ({ $count })
details-delete-nothing = Ничего не выбрано. Сначала отметьте хотя бы один реквизит.
details-delete-confirm = { $count ->
    [one] Удалить { $count } реквизит? Это действие нельзя отменить.
    [few] Удалить { $count } реквизита? Это действие нельзя отменить.
   *[other] Удалить { $count } реквизитов? Это действие нельзя отменить.
}
details-delete-some-gone = { $count ->
    [one] { $count } выбранный реквизит уже не на этой странице, он пропущен.
    [few] { $count } выбранных реквизита уже не на этой странице, они пропущены.
   *[other] { $count } выбранных реквизитов уже не на этой странице, они пропущены.
}
details-btn-delete-yes = ✅ Да, удалить ({ $count })
details-delete-all-gone = Выбранных реквизитов уже нет.
details-deleted = { $count ->
    [one] Удалён { $count } реквизит.
    [few] Удалено { $count } реквизита.
   *[other] Удалено { $count } реквизитов.
}
details-add-pick = ➕ <b>Новый реквизит</b>
    Выберите валюту ниже или напишите часть её названия или кода (например, «usdt»), чтобы сократить список.
details-add-matches = Валюты по запросу «{ $query }» — выберите одну или напишите другой запрос:
details-add-no-match = 🔍 Нет валюты, подходящей под «{ $query }».
details-add-pick-text-only = Выберите валюту кнопками выше или напишите часть её названия или кода.
details-add-picked = Валюта: <b>{ $currency }</b>
details-add-no-currencies = Обменник сейчас не показывает ни одной валюты, поэтому добавить реквизит нельзя. Попробуйте позже.
details-add-value = Отправьте реквизит для <b>{ $currency }</b>: адрес кошелька, номер карты или счёта — одной строкой, не длиннее { $max } символов.
details-add-value-text-only = Пожалуйста, отправьте реквизит текстовым сообщением.
details-add-value-empty = ✋ Реквизит пустой.
details-add-value-too-long = ✋ Длина — { $length } символов, а допустимо не больше { $max }.
details-add-value-control = ✋ Реквизит должен быть одной строкой без табуляций и других служебных символов.
details-add-busy = Вы добавляете реквизит. Закончите или отправьте /cancel, чтобы прервать.
details-add-saved = ✅ Сохранено: <b>{ $currency }</b> — <code>{ $value }</code>
