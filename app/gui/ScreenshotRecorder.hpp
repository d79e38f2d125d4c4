// SPDX-License-Identifier: MIT
// Renders the main window to a PNG after exploring its program to the end (`weft gui --screenshot`):
// the README's pictures come from the real app. GUI thread only.
#pragma once

#include <QString>

namespace weft::gui {

class MainWindow;

class ScreenshotRecorder {
public:
    explicit ScreenshotRecorder(MainWindow &window) : m_window(window) {}

    /// Shows the window, explores the loaded program (if any) to the end, lets the views draw
    /// everything, selects the first defect's execution and saves the window to `path`.
    bool exploreAndSave(const QString &path);

private:
    MainWindow &m_window;
};

} // namespace weft::gui
