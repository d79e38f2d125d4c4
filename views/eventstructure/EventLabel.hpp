// SPDX-License-Identifier: MIT
// Fits an event's label into its box in the event structure: one line at the normal size, else a smaller
// one, else the action and its object on two lines; cut ("…") only when nothing else fits, so no word of
// either language is truncated at the default zoom. GUI thread only (font metrics).
#pragma once

#include <QFont>
#include <QSizeF>
#include <QStringList>

namespace weft::views {

struct EventLabel {
    QStringList lines; ///< one or two
    qreal pointSize = 8;
    bool elided = false; ///< nothing fitted: a line was cut

    /// `action` ("lock") and `rest` ("'forks[1]'", may be empty) in a box of `box` (scene units) with
    /// `font`'s family.
    static EventLabel fit(const QString &action, const QString &rest, const QFont &font, QSizeF box);
};

} // namespace weft::views
