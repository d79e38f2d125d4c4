// SPDX-License-Identifier: MIT
#include "views/eventstructure/EventLabel.hpp"

#include <QFontMetricsF>

namespace weft::views {

EventLabel EventLabel::fit(const QString &action, const QString &rest, const QFont &base, QSizeF box) {
    const QString whole = rest.isEmpty() ? action : action + QLatin1Char(' ') + rest;
    QFont font = base;
    for (const qreal size : {8.0, 7.5, 7.0}) {
        font.setPointSizeF(size);
        if (QFontMetricsF(font).horizontalAdvance(whole) <= box.width())
            return {{whole}, size, false};
    }
    if (!rest.isEmpty()) {
        for (const qreal size : {7.0, 6.5, 6.0}) {
            font.setPointSizeF(size);
            const QFontMetricsF m(font);
            if (2 * m.height() <= box.height() + 1 && m.horizontalAdvance(action) <= box.width() &&
                m.horizontalAdvance(rest) <= box.width())
                return {{action, rest}, size, false};
        }
    }
    font.setPointSizeF(6.5);
    const QFontMetricsF m(font);
    if (rest.isEmpty())
        return {{m.elidedText(whole, Qt::ElideRight, box.width())}, 6.5, true};
    font.setPointSizeF(6.0);
    const QFontMetricsF small(font);
    return {
        {small.elidedText(action, Qt::ElideRight, box.width()), small.elidedText(rest, Qt::ElideRight, box.width())},
        6.0,
        true};
}

} // namespace weft::views
