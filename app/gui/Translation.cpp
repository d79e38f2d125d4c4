// SPDX-License-Identifier: MIT
#include "app/gui/Translation.hpp"

#include <QCoreApplication>
#include <QLocale>
#include <QTranslator>

namespace weft::gui {

bool installTranslation(QCoreApplication &app, const QString &language) {
    auto *translator = new QTranslator(&app);
    bool loaded = false;
    if (language.isEmpty()) {
        loaded = translator->load(QLocale(), QStringLiteral("weft"), QStringLiteral("_"), QStringLiteral(":/i18n"));
    } else if (language == QLatin1String("en")) {
        delete translator;
        return true;
    } else {
        loaded = translator->load(QStringLiteral(":/i18n/weft_%1.qm").arg(language));
        if (loaded)
            QLocale::setDefault(QLocale(language));
    }
    if (!loaded) {
        delete translator;
        return language.isEmpty();
    }
    app.installTranslator(translator);
    return true;
}

} // namespace weft::gui
