// SPDX-License-Identifier: MIT
// Chooses the UI language: the translations built into weft_gui (translations/weft_*.ts, as
// :/i18n/weft_<lang>.qm). GUI thread, before the first window is created.
#pragma once

#include <QString>

class QCoreApplication;

namespace weft::gui {

/// Installs the translation for `language` ("fr"), or for the system locale if it is empty.
/// English needs none. False if `language` was asked for explicitly and is not available.
bool installTranslation(QCoreApplication &app, const QString &language);

} // namespace weft::gui
