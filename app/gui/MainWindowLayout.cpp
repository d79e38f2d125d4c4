// SPDX-License-Identifier: MIT
// MainWindow: its size and dock layout for the screen it opens on (a 1280×720 projector as well as a large
// monitor), the Presentation view (fewer panes, larger text) and the scale of the UI's text (Ctrl+±).
#include "app/gui/MainWindow.hpp"

#include "app/gui/ReplayController.hpp"
#include "views/eventstructure/EventStructureView.hpp"
#include "views/explorationtree/ExplorationTreeView.hpp"
#include "views/source/SourceEditor.hpp"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QMenu>
#include <QPlainTextEdit>
#include <QScreen>
#include <QSettings>
#include <QShowEvent>

#include <algorithm>

namespace weft::gui {

namespace {
const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
const QString kScale = QStringLiteral("window/uiScale");
constexpr double kPresentationScale = 1.5;
constexpr double kMinScale = 0.6, kMaxScale = 3.0, kScaleStep = 1.15;
} // namespace

QSize MainWindow::initialSize(const QRect &available) {
    // A small screen (a projector, a laptop) gets all of it; a large one a comfortable window.
    if (available.width() <= 1440 || available.height() <= 900)
        return available.size();
    return QSize(std::min(available.width() * 85 / 100, 1920), std::min(available.height() * 85 / 100, 1200));
}

void MainWindow::restoreOrSizeToScreen() {
    const QSettings settings;
    setUiScale(settings.value(kScale, 1.0).toDouble());
    if (restoreGeometry(settings.value(kGeometry).toByteArray()) &&
        restoreState(settings.value(kState).toByteArray())) {
        m_docksArranged = true;
        return;
    }
    const QScreen *s = screen() ? screen() : QGuiApplication::primaryScreen();
    const QRect available = s ? s->availableGeometry() : QRect(0, 0, 1600, 1000);
    resize(initialSize(available));
    if (size() == available.size())
        setWindowState(windowState() | Qt::WindowMaximized);
}

QDockWidget *MainWindow::dock(const char *name) const { return findChild<QDockWidget *>(QLatin1String(name)); }

void MainWindow::arrangeDocks() {
    m_docksArranged = true;
    QDockWidget *tree = dock("explorationTreeDock"), *structure = dock("eventStructureDock"),
                *threads = dock("threadsDock"), *variables = dock("variablesDock"), *trace = dock("traceDock"),
                *defects = dock("defectsDock");
    const int w = width(), h = height();
    // Proportions rather than pixels: at 1280×720 the editor keeps about half the width, and the trace,
    // the defects and the status bar stay on the screen.
    const int left = std::clamp(w * 20 / 100, 200, 380);
    const int right = std::clamp(w * 34 / 100, 280, 900);
    const int bottom = std::clamp(h * 27 / 100, 150, 320);
    if (h < 820) // too little height for three panes on the left: threads and variables share one
        tabifyDockWidget(threads, variables);
    threads->raise();
    resizeDocks({tree, structure}, {left, right}, Qt::Horizontal);
    resizeDocks({trace, defects}, {w * 55 / 100, w * 45 / 100}, Qt::Horizontal);
    resizeDocks({trace}, {bottom}, Qt::Vertical);
    const int column = std::max(200, h - bottom - 140);
    if (h < 820)
        resizeDocks({tree, threads}, {column * 50 / 100, column * 50 / 100}, Qt::Vertical);
    else
        resizeDocks({tree, threads, variables}, {column * 45 / 100, column * 25 / 100, column * 30 / 100},
                    Qt::Vertical);
}

void MainWindow::showEvent(QShowEvent *event) {
    QMainWindow::showEvent(event);
    if (!m_docksArranged)
        arrangeDocks();
}

void MainWindow::createLayoutActions() {
    m_baseFont = QApplication::font();
    m_editorBaseFont = m_editor->font();
    m_consoleBaseFont = m_replay->console()->font();
    // The diagrams keep their own text size (their boxes are laid out for it); they zoom instead.
    m_eventStructure->setFont(m_baseFont);
    m_tree->setFont(m_baseFont);

    m_presentation = new QAction(tr("&Presentation View"), this);
    m_presentation->setCheckable(true);
    m_presentation->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_P));
    m_presentation->setToolTip(tr("For a projector: larger text, only the editor, the event structure, the trace "
                                  "and the defects (Ctrl+Alt+P)"));
    connect(m_presentation, &QAction::toggled, this, &MainWindow::setPresentation);

    m_largerText = new QAction(tr("&Larger Text"), this);
    m_largerText->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Plus), QKeySequence(Qt::CTRL | Qt::Key_Equal)});
    m_largerText->setToolTip(tr("Scale the text of the whole window up (Ctrl++)"));
    connect(m_largerText, &QAction::triggered, this, [this] { setUiScale(m_uiScale * kScaleStep); });
    m_smallerText = new QAction(tr("&Smaller Text"), this);
    m_smallerText->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Minus));
    m_smallerText->setToolTip(tr("Scale the text of the whole window down (Ctrl+-)"));
    connect(m_smallerText, &QAction::triggered, this, [this] { setUiScale(m_uiScale / kScaleStep); });
    m_normalText = new QAction(tr("&Normal Text Size"), this);
    m_normalText->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_N));
    connect(m_normalText, &QAction::triggered, this, [this] { setUiScale(1.0); });
}

void MainWindow::setUiScale(double scale) {
    scale = std::clamp(scale, kMinScale, kMaxScale);
    if (std::abs(scale - 1.0) < 0.02)
        scale = 1.0;
    m_uiScale = scale;
    QFont f = m_baseFont;
    f.setPointSizeF(m_baseFont.pointSizeF() * scale);
    QApplication::setFont(f);
    QFont editor = m_editorBaseFont;
    editor.setPointSizeF(m_editorBaseFont.pointSizeF() * scale);
    m_editor->setFont(editor);
    QFont console = m_consoleBaseFont;
    console.setPointSizeF(m_consoleBaseFont.pointSizeF() * scale);
    m_replay->console()->setFont(console);
    // The diagrams: their own font stays; dialogs and menus follow the application font.
    m_eventStructure->setFont(m_baseFont);
    m_tree->setFont(m_baseFont);
}

void MainWindow::setPresentation(bool on) {
    if (on == m_inPresentation)
        return;
    m_inPresentation = on;
    {
        const QSignalBlocker block(m_presentation);
        m_presentation->setChecked(on);
    }
    if (on) {
        m_stateBeforePresentation = saveState();
        m_scaleBeforePresentation = m_uiScale;
        for (const char *name : {"explorationTreeDock", "threadsDock", "variablesDock", "consoleDock"})
            dock(name)->hide();
        setUiScale(std::max(m_uiScale, kPresentationScale));
    } else {
        restoreState(m_stateBeforePresentation);
        setUiScale(m_scaleBeforePresentation);
    }
}

void MainWindow::saveWindowSettings() {
    QSettings settings;
    settings.setValue(kGeometry, saveGeometry());
    settings.setValue(kState, m_inPresentation ? m_stateBeforePresentation : saveState());
    settings.setValue(kScale, m_inPresentation ? m_scaleBeforePresentation : m_uiScale);
}

} // namespace weft::gui
