// SPDX-License-Identifier: MIT
// For tests that click into a view whose scene just grew: wait for the view's coalesced auto-fit
// (its fitted() signal), not for a fixed time.
#pragma once

#include "views/graphics/ZoomableView.hpp"

#include <QSignalSpy>

namespace weft::views::test {

/// True once `view` has no auto-fit pending (waiting for it if one is).
inline bool waitForAutoFit(ZoomableView &view) {
    if (!view.isFitPending())
        return true;
    QSignalSpy fitted(&view, &ZoomableView::fitted);
    return fitted.wait(10000);
}

} // namespace weft::views::test
