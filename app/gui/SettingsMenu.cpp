// SPDX-License-Identifier: MIT
#include "app/gui/SettingsMenu.hpp"

#include <QActionGroup>
#include <QInputDialog>
#include <QMessageBox>
#include <QSettings>

namespace weft::gui {

namespace {
const QString kPolicy = QStringLiteral("exploration/policy");
const QString kTimeout = QStringLiteral("exploration/timeoutSeconds");
const QString kMaxExecutions = QStringLiteral("exploration/maxExecutions");
const QString kLanguage = QStringLiteral("language");
} // namespace

SettingsMenu::SettingsMenu(QWidget *parent) : QMenu(tr("&Settings"), parent), m_policies(new QActionGroup(this)) {
    setObjectName(QStringLiteral("settingsMenu"));
    setToolTipsVisible(true);
    QMenu *policy = addMenu(tr("Exploration &Policy"));
    policy->setObjectName(QStringLiteral("policyMenu"));
    policy->setToolTipsVisible(true);
    struct Choice {
        int number;
        QString text;
        QString tip;
        QKeySequence key;
    };
    const Choice choices[] = {
        {0, tr("&Optimal"), tr("Each maximal configuration exactly once, never a sleep-set-blocked execution"),
         QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_0)},
        {1, tr("&Only-last (k = 1)"), tr("k-partial alternatives with k = 1: cheaper, may explore redundant executions"),
         QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_1)},
        {2, tr("&2-partial"), tr("k-partial alternatives with k = 2"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_2)},
        {3, tr("&3-partial"), tr("k-partial alternatives with k = 3"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_3)},
        {-1, tr("&Source-DPOR"), tr("Emulates source-DPOR's alternatives"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_9)},
    };
    for (const Choice &c : choices) {
        QAction *a = policy->addAction(c.text);
        a->setCheckable(true);
        a->setData(c.number);
        a->setToolTip(c.tip);
        a->setShortcut(c.key);
        m_policies->addAction(a);
    }
    setPolicyNumber(QSettings().value(kPolicy, 0).toInt());
    connect(m_policies, &QActionGroup::triggered, this, [this](QAction *a) {
        QSettings().setValue(kPolicy, a->data().toInt());
        Q_EMIT optionsChanged();
    });

    m_bounds = addAction(tr("Exploration &Bounds…"));
    m_bounds->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_B));
    m_bounds->setToolTip(tr("Timeout and maximal number of executions of an exploration"));
    connect(m_bounds, &QAction::triggered, this, &SettingsMenu::editBounds);

    QMenu *language = addMenu(tr("&Language"));
    language->setObjectName(QStringLiteral("languageMenu"));
    auto *languages = new QActionGroup(this);
    const std::pair<QString, QString> langs[] = {
        {QString(), tr("&System Default")}, {QStringLiteral("en"), QStringLiteral("&English")},
        {QStringLiteral("fr"), QStringLiteral("&Français")}};
    for (const auto &[code, text] : langs) {
        QAction *a = language->addAction(text);
        a->setCheckable(true);
        a->setChecked(code == SettingsMenu::language());
        a->setData(code);
        languages->addAction(a);
    }
    connect(languages, &QActionGroup::triggered, this, [this](QAction *a) {
        QSettings().setValue(kLanguage, a->data().toString());
        QMessageBox::information(parentWidget(), tr("Language"), tr("The new language is used from the next start of Weft."));
    });
}

int SettingsMenu::policyNumber() const {
    QAction *checked = m_policies->checkedAction();
    return checked ? checked->data().toInt() : 0;
}

void SettingsMenu::setPolicyNumber(int number) {
    for (QAction *a : m_policies->actions())
        if (a->data().toInt() == number)
            a->setChecked(true);
    if (!m_policies->checkedAction())
        m_policies->actions().front()->setChecked(true);
}

ExplorationOptions SettingsMenu::apply(ExplorationOptions options) const {
    const QSettings settings;
    options.policy = AltPolicy::fromNumber(policyNumber());
    options.timeoutSeconds = settings.value(kTimeout, 0.0).toDouble();
    options.maxExecutions = settings.value(kMaxExecutions, 0).toULongLong();
    if (!options.policy.isOptimal())
        options.contextSwitchBound.reset();
    return options;
}

void SettingsMenu::save(const ExplorationOptions &options) {
    setPolicyNumber(options.policy.number());
    QSettings settings;
    settings.setValue(kPolicy, policyNumber());
    settings.setValue(kTimeout, options.timeoutSeconds);
    settings.setValue(kMaxExecutions, qulonglong(options.maxExecutions));
}

QString SettingsMenu::language() { return QSettings().value(kLanguage).toString(); }

void SettingsMenu::editBounds() {
    QSettings settings;
    bool ok = false;
    const double timeout = QInputDialog::getDouble(parentWidget(), tr("Exploration Bounds"),
                                                   tr("Timeout in seconds (0: none):"),
                                                   settings.value(kTimeout, 0.0).toDouble(), 0, 1e7, 1, &ok);
    if (!ok)
        return;
    const int executions = QInputDialog::getInt(parentWidget(), tr("Exploration Bounds"),
                                                tr("Maximal number of executions (0: no bound):"),
                                                settings.value(kMaxExecutions, 0).toInt(), 0, 2'000'000'000, 1000, &ok);
    if (!ok)
        return;
    settings.setValue(kTimeout, timeout);
    settings.setValue(kMaxExecutions, executions);
    Q_EMIT optionsChanged();
}

} // namespace weft::gui
