int main(void) { return f(1 << 30); }
int f(int n) { return n ? 1 + f(n - 1) : 0; }
