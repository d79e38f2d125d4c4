// SPDX-License-Identifier: MIT
// The DAP base framing (app/dap/MessageFraming): Content-Length headers, messages split across reads
// or packed into one, bodies counted in bytes, bad headers skipped with a resynchronisation, the end
// of the input at any point, and writes to a client that has gone.
#include "app/dap/MessageFraming.hpp"

#include <QtTest>

#include <csignal>
#include <thread>
#include <unistd.h>

using weft::dap::FramedMessage;
using weft::dap::MessageReader;
using weft::dap::MessageWriter;

namespace {

/// A pipe whose write end is fed `text` (then closed) by a thread writing `chunk` bytes at a time.
class FedPipe {
public:
    FedPipe(std::string text, std::size_t chunk) {
        int fds[2];
        if (::pipe(fds) != 0)
            qFatal("pipe");
        m_read = fds[0];
        m_writer = std::thread([text = std::move(text), chunk, fd = fds[1]] {
            for (std::size_t at = 0; at < text.size(); at += chunk)
                if (::write(fd, text.data() + at, std::min(chunk, text.size() - at)) < 0)
                    break;
            ::close(fd);
        });
    }
    ~FedPipe() {
        m_writer.join();
        ::close(m_read);
    }
    int fd() const { return m_read; }

private:
    int m_read = -1;
    std::thread m_writer;
};

std::string framed(const std::string &body) { return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body; }

} // namespace

class tst_DapFraming : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { std::signal(SIGPIPE, SIG_IGN); }
    void messagesInOneWriteOrByteByByte_data();
    void messagesInOneWriteOrByteByByte();
    void headerVariants();
    void badHeadersAreSkipped();
    void endOfInputMidMessage();
    void writerFramesAndNoticesAGoneClient();
};

void tst_DapFraming::messagesInOneWriteOrByteByByte_data() {
    QTest::addColumn<int>("chunk");
    QTest::newRow("one write") << 0;
    QTest::newRow("byte by byte") << 1;
    QTest::newRow("7 bytes") << 7;
}

void tst_DapFraming::messagesInOneWriteOrByteByByte() {
    QFETCH(int, chunk);
    const std::string a = R"({"seq":1,"type":"request","command":"initialize"})";
    const std::string b = "{\"text\":\"caf\xc3\xa9 \xe2\x86\x92\"}"; // multi-byte UTF-8: lengths are bytes
    const std::string all = framed(a) + framed(b);
    FedPipe pipe(all, chunk == 0 ? all.size() : std::size_t(chunk));
    MessageReader reader(pipe.fd());
    FramedMessage m = reader.next();
    QCOMPARE(int(m.kind), int(FramedMessage::Kind::Body));
    QCOMPARE(m.body, a);
    m = reader.next();
    QCOMPARE(int(m.kind), int(FramedMessage::Kind::Body));
    QCOMPARE(m.body, b);
    QCOMPARE(int(reader.next().kind), int(FramedMessage::Kind::EndOfInput));
}

void tst_DapFraming::headerVariants() {
    // Other fields are ignored, the field name is case-insensitive, spaces are allowed, LF-only lines too.
    const std::string text = "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length:  2\r\n\r\n{}"
                             "CONTENT-LENGTH: 4\n\nnull";
    FedPipe pipe(text, text.size());
    MessageReader reader(pipe.fd());
    QCOMPARE(reader.next().body, std::string("{}"));
    QCOMPARE(reader.next().body, std::string("null"));
    QCOMPARE(int(reader.next().kind), int(FramedMessage::Kind::EndOfInput));
}

void tst_DapFraming::badHeadersAreSkipped() {
    const std::string good = R"({"seq":2})";
    const std::string text = "Content-Type: x\r\n\r\ngarbage " + framed(good) + "Content-Length: twelve\r\n\r\n{}" +
                             "Content-Length: 999999999999\r\n\r\n" + framed(good);
    FedPipe pipe(text, 3);
    MessageReader reader(pipe.fd());
    FramedMessage m = reader.next();
    QCOMPARE(int(m.kind), int(FramedMessage::Kind::BadHeader));
    QCOMPARE(m.problem, std::string("a message header without Content-Length"));
    QCOMPARE(reader.next().body, good);
    m = reader.next();
    QCOMPARE(int(m.kind), int(FramedMessage::Kind::BadHeader));
    QCOMPARE(m.problem, std::string("a Content-Length that is not a number of at most 64 MiB"));
    QCOMPARE(int(reader.next().kind), int(FramedMessage::Kind::BadHeader)); // too large
    QCOMPARE(reader.next().body, good);
    QCOMPARE(int(reader.next().kind), int(FramedMessage::Kind::EndOfInput));
}

void tst_DapFraming::endOfInputMidMessage() {
    for (const std::string &text : {std::string("Content-Length: 10\r\n\r\n{\"se"), std::string("Content-Len"), std::string()}) {
        FedPipe pipe(text, 2);
        MessageReader reader(pipe.fd());
        QCOMPARE(int(reader.next().kind), int(FramedMessage::Kind::EndOfInput));
    }
}

void tst_DapFraming::writerFramesAndNoticesAGoneClient() {
    int fds[2];
    QVERIFY(::pipe(fds) == 0);
    std::vector<std::string> logged;
    MessageWriter writer(fds[1], [&](const std::string &line) { logged.push_back(line); });
    QVERIFY(writer.send("{\"a\":\"\xc3\xa9\"}"));
    ::close(fds[1]);
    std::string got;
    char buffer[256];
    for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) > 0;)
        got.append(buffer, std::size_t(n));
    QCOMPARE(got, std::string("Content-Length: 10\r\n\r\n{\"a\":\"\xc3\xa9\"}"));
    QCOMPARE(logged, std::vector<std::string>{"-> {\"a\":\"\xc3\xa9\"}"});
    ::close(fds[0]);

    QVERIFY(::pipe(fds) == 0);
    ::close(fds[0]); // the client is gone
    MessageWriter orphan(fds[1]);
    QVERIFY(!orphan.send("{}"));
    QVERIFY(!orphan.send("{}"));
    ::close(fds[1]);
}

QTEST_APPLESS_MAIN(tst_DapFraming)
#include "tst_DapFraming.moc"
