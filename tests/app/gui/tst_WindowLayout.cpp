// SPDX-License-Identifier: MIT
// The main window on small and large screens (offscreen): at 1280×720 (a projector) and 1600×1000 the
// trace, the defects, the event structure and the whole status bar are inside the window and the editor
// keeps a usable width; the first-start size follows the screen; the Presentation view hides the side
// panes and enlarges the text, Ctrl+± scales it, and turning it off restores both.
#include "app/gui/MainWindow.hpp"
#include "tests/app/gui/GuiTestWindow.hpp"
#include "views/progress/CountersBar.hpp"
#include "views/source/SourceEditor.hpp"

#include <QDockWidget>
#include <QMenuBar>
#include <QStandardPaths>
#include <QStatusBar>
#include <QToolButton>
#include <QtTest>

using namespace weft;
using namespace weft::gui;

class tst_WindowLayout : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void panesFitTheWindow_data();
    void panesFitTheWindow();
    void firstStartFollowsTheScreen();
    void presentationAndTextScale();

private:
    /// `w`'s rectangle in the window's coordinates.
    static QRect inWindow(const MainWindow &window, const QWidget *w) {
        return QRect(w->mapTo(&window, QPoint(0, 0)), w->size());
    }
};

void tst_WindowLayout::panesFitTheWindow_data() {
    QTest::addColumn<QSize>("size");
    QTest::newRow("projector 1280x720") << QSize(1280, 720);
    QTest::newRow("1600x1000") << QSize(1600, 1000);
}

void tst_WindowLayout::panesFitTheWindow() {
    QFETCH(QSize, size);
    MainWindow window;
    QVERIFY(test::showAndActivate(window, size));
    QVERIFY(window.openFile(test::testProgram("lost_update")));
    QCOMPARE(window.size(), size);
    const QRect all = window.rect();
    for (const char *name : {"traceDock", "defectsDock", "eventStructureDock", "explorationTreeDock"}) {
        auto *dock = window.findChild<QDockWidget *>(QLatin1String(name));
        QVERIFY2(dock && dock->isVisible(), name);
        const QRect r = inWindow(window, dock);
        QVERIFY2(all.contains(r), qPrintable(QStringLiteral("%1 at %2,%3 %4x%5")
                                                 .arg(QLatin1String(name))
                                                 .arg(r.x())
                                                 .arg(r.y())
                                                 .arg(r.width())
                                                 .arg(r.height())));
        QVERIFY2(r.height() >= 120 && r.width() >= 200, name);
    }
    // The editor keeps at least 40 % of the width (it was ~150 px at 1280).
    QVERIFY2(window.editor()->width() >= size.width() * 40 / 100,
             qPrintable(QString::number(window.editor()->width())));
    QVERIFY(window.editor()->height() >= 200);
    // The whole status bar, with the run configuration and every counter, is on the screen.
    QVERIFY(window.statusBar()->isVisible());
    QVERIFY(all.contains(inWindow(window, window.statusBar())));
    const QRect counters = inWindow(window, window.counters());
    QVERIFY(window.counters()->isVisible());
    QVERIFY2(all.contains(counters) && counters.width() >= window.counters()->minimumSizeHint().width(),
             qPrintable(QStringLiteral("counters %1 wide at x %2").arg(counters.width()).arg(counters.x())));
    QVERIFY(window.runConfigurationButton()->isVisible());
    QVERIFY(!inWindow(window, window.runConfigurationButton()).intersects(counters));
    // Every menu is in the menu bar's visible part.
    for (QAction *menu : window.menuBar()->actions())
        QVERIFY2(all.contains(window.menuBar()->actionGeometry(menu)), qPrintable(menu->text()));
}

void tst_WindowLayout::firstStartFollowsTheScreen() {
    QCOMPARE(MainWindow::initialSize(QRect(0, 0, 1280, 720)), QSize(1280, 720));
    QCOMPARE(MainWindow::initialSize(QRect(0, 32, 1366, 736)), QSize(1366, 736));
    QCOMPARE(MainWindow::initialSize(QRect(0, 0, 1920, 1050)), QSize(1632, 892));
    QCOMPARE(MainWindow::initialSize(QRect(0, 0, 3840, 2110)), QSize(1920, 1200));
}

void tst_WindowLayout::presentationAndTextScale() {
    const QFont before = QApplication::font();
    {
        MainWindow window;
        QVERIFY(test::showAndActivate(window, QSize(1280, 720)));
        QVERIFY(window.openFile(test::testProgram("lost_update")));
        auto dock = [&](const char *name) { return window.findChild<QDockWidget *>(QLatin1String(name)); };
        const double editorPoints = window.editor()->font().pointSizeF();

        QTest::keyClick(&window, Qt::Key_P, Qt::ControlModifier | Qt::AltModifier);
        QVERIFY(window.isPresentation());
        QVERIFY(window.presentationAction()->isChecked());
        for (const char *hidden : {"explorationTreeDock", "threadsDock", "variablesDock", "consoleDock"})
            QVERIFY2(!dock(hidden)->isVisible(), hidden);
        for (const char *shown : {"traceDock", "defectsDock", "eventStructureDock"})
            QVERIFY2(dock(shown)->isVisible(), shown);
        QCOMPARE(window.uiScale(), 1.5);
        QCOMPARE(QApplication::font().pointSizeF(), before.pointSizeF() * 1.5);
        QCOMPARE(window.editor()->font().pointSizeF(), editorPoints * 1.5);
        // With the text larger, the editor is still wider than the event structure.
        QVERIFY(window.editor()->width() >= dock("eventStructureDock")->width());

        QTest::keyClick(&window, Qt::Key_Minus, Qt::ControlModifier);
        QVERIFY(window.uiScale() < 1.5);
        QCOMPARE(QApplication::font().pointSizeF(), before.pointSizeF() * window.uiScale());
        QTest::keyClick(&window, Qt::Key_Plus, Qt::ControlModifier);
        QCOMPARE(window.uiScale(), 1.5);

        window.presentationAction()->trigger(); // off: the panes and the text size come back
        QVERIFY(!window.isPresentation());
        QCOMPARE(window.uiScale(), 1.0);
        QCOMPARE(QApplication::font().pointSizeF(), before.pointSizeF());
        for (const char *name : {"explorationTreeDock", "threadsDock", "traceDock", "defectsDock"})
            QVERIFY2(dock(name)->isVisible(), name);

        QTest::keyClick(&window, Qt::Key_Plus, Qt::ControlModifier);
        QVERIFY(window.uiScale() > 1.0);
        QTest::keyClick(&window, Qt::Key_N, Qt::ControlModifier | Qt::AltModifier);
        QCOMPARE(window.uiScale(), 1.0);
    }
    QCOMPARE(QApplication::font().pointSizeF(), before.pointSizeF());
}

QTEST_MAIN(tst_WindowLayout)
#include "tst_WindowLayout.moc"
