// SPDX-License-Identifier: MIT
// The editor of a real main window (offscreen): errors without a line (an unsupported file, no main) are
// shown in a banner above the editor; the text can be edited, saved (Ctrl+S: compiled again, the errors of
// a broken edit underlined while the previous program stays loaded) and is reloaded when the file changes
// on disk (written in place or replaced, as editors save), unless it has unsaved edits; closing the window or
// opening another file with unsaved edits asks whether to save them (Save, Discard, Cancel).
#include "app/gui/MainWindow.hpp"
#include "tests/app/gui/GuiTestWindow.hpp"
#include "views/source/SourceEditor.hpp"

#include <QApplication>
#include <QFileSystemWatcher>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

using namespace weft;
using namespace weft::gui;

namespace {

QString readFile(const QString &path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly | QIODevice::Text) ? QString::fromUtf8(f.readAll()) : QString();
}

bool writeInPlace(const QString &path, const QString &text) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text) && f.write(text.toUtf8()) >= 0;
}

bool writeByReplacing(const QString &path, const QString &text) {
    QSaveFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Text) && f.write(text.toUtf8()) >= 0 && f.commit();
}

/// Answers the next question box with `button` once it is shown (its exec() runs the event loop).
void answerNextQuestion(QMessageBox::StandardButton button) {
    QTimer::singleShot(0, [button] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        QVERIFY(box);
        QVERIFY(box->text().contains(QStringLiteral("unsaved changes")));
        box->button(button)->click();
    });
}

/// Types `text` and Enter into `editor`.
void typeLine(QWidget *editor, const QString &text) {
    QTest::keyClicks(editor, text);
    QTest::keyClick(editor, Qt::Key_Return);
}

} // namespace

class tst_EditAndReload : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void bannerForErrorsWithoutALine();
    void editSaveAndExplore();
    void reloadWhenTheFileChangesOnDisk();
    void unsavedEditsAreAskedAbout();

private:
    QString copyOf(const char *program, const QString &name) {
        const QString path = m_dir.filePath(name);
        QFile::remove(path);
        QFile::copy(test::testProgram(program), path);
        QFile(path).setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        return path;
    }
    QTemporaryDir m_dir;
};

void tst_EditAndReload::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
}

void tst_EditAndReload::bannerForErrorsWithoutALine() {
    MainWindow window;
    QVERIFY(test::showAndActivate(window));
    QVERIFY(!window.errorBanner()->isVisible());
    const QString text = m_dir.filePath(QStringLiteral("notes.txt"));
    QVERIFY(writeInPlace(text, QStringLiteral("int main(void) { return 0; }\n")));
    QVERIFY(!window.openFile(text));
    QVERIFY(window.errorBanner()->isVisible());
    QVERIFY2(window.errorBanner()->text().contains(QStringLiteral("unsupported input file type")),
             qPrintable(window.errorBanner()->text()));
    QVERIFY(!window.statusBar()->currentMessage().contains(QStringLiteral("underlined")));
    QVERIFY(window.statusBar()->currentMessage().startsWith(QStringLiteral("notes.txt cannot be explored: ")));

    const QString empty = m_dir.filePath(QStringLiteral("empty.c"));
    QVERIFY(writeInPlace(empty, QString()));
    QVERIFY(!window.openFile(empty));
    QVERIFY(window.errorBanner()->isVisible());
    QVERIFY2(window.errorBanner()->text().contains(QStringLiteral("no main function")),
             qPrintable(window.errorBanner()->text()));

    // An error with a line is underlined instead, and the banner goes.
    const QString broken = m_dir.filePath(QStringLiteral("broken.c"));
    QVERIFY(writeInPlace(broken, QStringLiteral("int main(void) {\n  return 1 +;\n}\n")));
    QVERIFY(!window.openFile(broken));
    QVERIFY(!window.errorBanner()->isVisible());
    QCOMPARE(window.editor()->linesWith(Severity::Error), std::vector<int>{2});
    QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("hover the underlined code")));
    QVERIFY(window.openFile(test::testProgram("lost_update")));
    QVERIFY(!window.errorBanner()->isVisible());
}

void tst_EditAndReload::editSaveAndExplore() {
    const QString path = copyOf("lost_update", QStringLiteral("edited.c"));
    MainWindow window;
    QVERIFY(test::showAndActivate(window));
    QVERIFY(window.openFile(path));
    QVERIFY(!window.isWindowModified());
    views::SourceEditor *editor = window.editor();
    QVERIFY(!editor->isReadOnly());
    editor->setFocus();
    editor->moveCursor(QTextCursor::End);
    typeLine(editor, QStringLiteral("int added_by_test;"));
    QVERIFY(editor->document()->isModified());
    QVERIFY(window.isWindowModified());
    QVERIFY(window.statusBar()->currentMessage().startsWith(QStringLiteral("Edited: ")));

    QSignalSpy loaded(&window.session(), &session::ExplorationSession::programLoaded);
    QTest::keyClick(editor, Qt::Key_S, Qt::ControlModifier);
    QCOMPARE(loaded.size(), 1); // saving compiles it again (the event loop ran while compiling)
    QVERIFY(readFile(path).endsWith(QStringLiteral("int added_by_test;\n")));
    QVERIFY(!editor->document()->isModified());
    QVERIFY(!window.isWindowModified());
    QVERIFY(editor->toPlainText().endsWith(QStringLiteral("int added_by_test;\n")));
    QCOMPARE(editor->textCursor().position(), editor->document()->characterCount() - 1); // the cursor stays

    // F5 explores what was saved.
    QSignalSpy finished(&window.session(), &session::ExplorationSession::finished);
    QTest::keyClick(&window, Qt::Key_F5);
    QVERIFY(finished.wait(60000));
    QVERIFY(window.session().snapshot()->statistics.maximalConfigurations > 0);

    // A broken edit: saved, its error underlined in the text shown, the previous program kept.
    const int lines = editor->blockCount();
    editor->moveCursor(QTextCursor::End);
    typeLine(editor, QStringLiteral("int broken = ;"));
    QVERIFY(!window.save());
    QVERIFY(window.session().hasProgram());
    QCOMPARE(editor->linesWith(Severity::Error), std::vector<int>{lines});
    QVERIFY(editor->toPlainText().contains(QStringLiteral("int broken = ;")));
    QVERIFY(readFile(path).contains(QStringLiteral("int broken = ;")));
}

void tst_EditAndReload::reloadWhenTheFileChangesOnDisk() {
    const QString path = copyOf("lost_update", QStringLiteral("watched.c"));
    MainWindow window;
    QVERIFY(test::showAndActivate(window));
    QVERIFY(window.openFile(path));
    auto *watcher = window.findChild<QFileSystemWatcher *>();
    QVERIFY(watcher);
    QSignalSpy changed(watcher, &QFileSystemWatcher::fileChanged);
    QSignalSpy loaded(&window.session(), &session::ExplorationSession::programLoaded);

    // Written in place: reloaded.
    const QString first = readFile(path) + QStringLiteral("int changed_on_disk;\n");
    QVERIFY(writeInPlace(path, first));
    QVERIFY(loaded.wait(20000));
    QCOMPARE(window.editor()->toPlainText(), first);
    QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("changed on disk and was reloaded")));

    // Replaced (a new file renamed over it, as most editors save): reloaded, and still watched.
    const QString second = first + QStringLiteral("int replaced_on_disk;\n");
    QVERIFY(writeByReplacing(path, second));
    QVERIFY(loaded.wait(20000));
    QCOMPARE(window.editor()->toPlainText(), second);
    QVERIFY(watcher->files().contains(path));

    // With unsaved edits, a change on disk is told, not taken; Reload takes it.
    window.editor()->moveCursor(QTextCursor::End);
    typeLine(window.editor(), QStringLiteral("int mine;"));
    const int loads = int(loaded.size());
    changed.clear();
    const QString third = second + QStringLiteral("int theirs;\n");
    QVERIFY(writeInPlace(path, third));
    QVERIFY(changed.wait(20000));
    QCOMPARE(int(loaded.size()), loads);
    QVERIFY(window.editor()->toPlainText().endsWith(QStringLiteral("int mine;\n")));
    QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("your edits are kept")));
    window.reloadAction()->trigger();
    QCOMPARE(window.editor()->toPlainText(), third);
    QVERIFY(!window.editor()->document()->isModified());
}

void tst_EditAndReload::unsavedEditsAreAskedAbout() {
    const QString path = copyOf("lost_update", QStringLiteral("unsaved.c"));
    const QString original = readFile(path);
    MainWindow window;
    QVERIFY(test::showAndActivate(window));
    QVERIFY(window.openFile(path));
    // Without edits nothing is asked (no box: answerNextQuestion would fail).
    QVERIFY(window.openFile(path));

    window.editor()->moveCursor(QTextCursor::End);
    typeLine(window.editor(), QStringLiteral("int unsaved;"));
    const QString edited = window.editor()->toPlainText();
    // Cancel: the window stays open with the edits, the file untouched.
    answerNextQuestion(QMessageBox::Cancel);
    QVERIFY(!window.close());
    QVERIFY(window.isVisible());
    QCOMPARE(window.editor()->toPlainText(), edited);
    QCOMPARE(readFile(path), original);
    // Cancel when opening another file: nothing else is opened.
    answerNextQuestion(QMessageBox::Cancel);
    QVERIFY(!window.openFile(test::testProgram("fig2")));
    QCOMPARE(window.editor()->fileName(), path);
    // Discard: the other file opens, the edits are gone, the file untouched.
    answerNextQuestion(QMessageBox::Discard);
    QVERIFY(window.openFile(test::testProgram("fig2")));
    QCOMPARE(window.editor()->fileName(), test::testProgram("fig2"));
    QCOMPARE(readFile(path), original);

    // Save: written to the file, then the window closes.
    QVERIFY(window.openFile(path));
    window.editor()->moveCursor(QTextCursor::End);
    typeLine(window.editor(), QStringLiteral("int saved_on_close;"));
    const QString saved = window.editor()->toPlainText();
    answerNextQuestion(QMessageBox::Save);
    QVERIFY(window.close());
    QVERIFY(!window.isVisible());
    QCOMPARE(readFile(path), saved);
}

QTEST_MAIN(tst_EditAndReload)
#include "tst_EditAndReload.moc"
