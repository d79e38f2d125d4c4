// SPDX-License-Identifier: MIT
#include "app/gui/GuiMain.hpp"

#include "app/gui/MainWindow.hpp"
#include "app/gui/ScreenshotRecorder.hpp"
#include "app/gui/SettingsMenu.hpp"
#include "app/gui/Translation.hpp"
#include "engine/base/Version.hpp"
#include "engine/explorer/ParallelExplorer.hpp"
#include "engine/frontend/CCompiler.hpp"

#include <QApplication>

#include <cstdio>

namespace weft::gui {

int runGui(const cli::CommandLine &cl, int &argc, char **argv) {
    const bool screenshot = !cl.screenshotPath.empty();
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        if (screenshot) {
            qputenv("QT_QPA_PLATFORM", "offscreen"); // render without a display
        } else if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")) {
            std::fputs("weft: error: no display to open the desktop app on (set DISPLAY, or use "
                       "'weft explore', or 'weft gui FILE.c --screenshot OUT.png')\n",
                       stderr);
            return cli::kBadInput;
        }
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Weft"));
    QApplication::setApplicationVersion(QString::fromLatin1(kVersion));
    QApplication::setOrganizationName(QStringLiteral("Weft"));
    const QString language = cl.language.empty() ? SettingsMenu::language() : QString::fromStdString(cl.language);
    if (!installTranslation(app, language))
        std::fprintf(stderr, "weft: warning: no translation for language '%s'\n", cl.language.c_str());

    MainWindow window;
    // Explicit policy or bounds on the command line replace the saved defaults (and are saved).
    const ExplorationOptions defaults;
    const bool explorationGiven = cl.exploration.policy.number() != defaults.policy.number() ||
                                  cl.exploration.timeoutSeconds != defaults.timeoutSeconds ||
                                  cl.exploration.maxExecutions != defaults.maxExecutions ||
                                  cl.exploration.jobs != defaultJobs();
    if (explorationGiven)
        window.settingsMenu()->save(cl.exploration);
    window.session().setOptions(window.settingsMenu()->apply(cl.exploration));
    RunConfiguration given;
    given.defines = cl.defines;
    given.includeDirs = cl.includeDirs;
    given.standard = cl.standard;
    given.interpreter = cl.interpreter;
    given.exploration = window.settingsMenu()->apply(cl.exploration);
    RunConfiguration plain;
    plain.exploration = given.exploration;
    // Run options on the command line replace the file's remembered configuration (README, "The desktop app").
    if (!(given == plain) || explorationGiven)
        window.setCommandLineConfiguration(given);
    if (cl.windowWidth > 0) {
        window.resize(cl.windowWidth, cl.windowHeight); // --size: exactly that, nothing restored
    } else if (screenshot) {
        window.resize(1600, 1000);
    } else {
        window.restoreOrSizeToScreen();
    }
    const bool loaded = cl.file.empty() || window.openFile(QString::fromStdString(cl.file));
    if (screenshot) {
        if (cl.file.empty()) {
            std::fputs("weft: error: --screenshot needs a FILE.c to explore\n", stderr);
            return cli::kBadInput;
        }
        ScreenshotRecorder recorder(window);
        if (!recorder.exploreAndSave(QString::fromStdString(cl.screenshotPath))) {
            std::fprintf(stderr, "weft: error: cannot write '%s'\n", cl.screenshotPath.c_str());
            return cli::kBadInput;
        }
        if (loaded)
            return cli::kNoDefect;
        return frontend::isCompilerFailure(window.session().diagnostics()) ? cli::kInternalError : cli::kBadInput;
    }
    window.show();
    return app.exec();
}

} // namespace weft::gui
