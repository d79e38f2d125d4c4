// SPDX-License-Identifier: MIT
// Test helper: files written into a temporary directory (inline C sources, task and property files)
// for the suites that run Weft on text they carry: one directory for the test object's life, or a
// fresh one per test function with reset() from init().
#pragma once

#include <QString>
#include <QTemporaryDir>

#include <fstream>
#include <memory>
#include <string>

namespace weft::testing {

/// Writes `text` to `path` and returns the path.
inline std::string writeFile(const std::string &path, const std::string &text) {
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

class ScratchFiles {
public:
    ScratchFiles() { reset(); }
    /// A new empty directory (the previous one is removed); false if it cannot be made.
    bool reset() {
        m_dir = std::make_unique<QTemporaryDir>();
        return m_dir->isValid();
    }
    bool isValid() const { return m_dir->isValid(); }
    QString dir() const { return m_dir->path(); }
    std::string path(const std::string &name) const {
        return m_dir->filePath(QString::fromStdString(name)).toStdString();
    }
    /// Writes `text` as `name` in the directory and returns its path.
    std::string write(const std::string &name, const std::string &text) const { return writeFile(path(name), text); }

private:
    std::unique_ptr<QTemporaryDir> m_dir;
};

} // namespace weft::testing
