// SPDX-License-Identifier: MIT
// The engine's messages (engine/base/Message.hpp) in the UI language: defect messages, the waits of a
// deadlock, the states of synchronisation objects. A text the engine does not word as a message (a
// number, a C string) stays as it is. GUI thread only (uses QCoreApplication::translate).
#pragma once

#include "engine/base/Diagnostic.hpp"
#include "engine/base/Message.hpp"

#include <QCoreApplication>
#include <QString>

#include <string>

namespace weft::views {

class MessageText {
    Q_DECLARE_TR_FUNCTIONS(MessageText)
public:
    /// `message` in the UI language, its nested messages too.
    static QString format(const Message &message);
    /// The message whose English text is `text`, in the UI language.
    static QString format(const std::string &text) { return format(parseMessage(text)); }
    /// A diagnostic of Weft's ("f.c:3: warning: execution 2 was cut ...") in the UI language.
    static QString format(const Diagnostic &diagnostic);
    /// The template of `kind` in the UI language (%1, %2, ... for its arguments).
    static QString wording(MessageKind kind);
};

} // namespace weft::views
