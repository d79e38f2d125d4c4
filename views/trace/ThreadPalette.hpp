// SPDX-License-Identifier: MIT
// One colour per thread, shared by the trace columns and the editor's thread markers.
#pragma once

#include "engine/base/Ids.hpp"

#include <QColor>

namespace weft::views {

inline QColor threadColour(ThreadId thread) {
    static const QColor kColours[] = {QColor(31, 119, 180), QColor(214, 39, 40),  QColor(44, 160, 44),
                                      QColor(148, 103, 189), QColor(255, 127, 14), QColor(23, 190, 207),
                                      QColor(140, 86, 75),  QColor(227, 119, 194)};
    return kColours[thread % (sizeof kColours / sizeof kColours[0])];
}

} // namespace weft::views
