// kb-regex-check: does C++ std::regex (ECMAScript, the grammar a C++ tool would
// use) accept a knowledge-base regex, and does regex_search find it in a text?
// check_kb.py feeds it pairs on stdin, each as
//   <byte count>\n<regex bytes><byte count>\n<text bytes>
// and reads one line per pair: "1" (found), "0" (not found) or "E <error>"
// (the regex does not compile).
#include <iostream>
#include <regex>
#include <string>

static bool read_block(std::string &out) {
  std::string len_line;
  if (!std::getline(std::cin, len_line))
    return false;
  std::size_t n = std::stoul(len_line);
  out.assign(n, '\0');
  return n == 0 || static_cast<bool>(std::cin.read(&out[0], static_cast<std::streamsize>(n)));
}

int main() {
  std::string re, text;
  while (read_block(re) && read_block(text)) {
    try {
      std::regex r(re, std::regex::ECMAScript);
      std::cout << (std::regex_search(text, r) ? "1" : "0") << "\n";
    } catch (const std::regex_error &e) {
      std::cout << "E " << e.what() << "\n";
    }
  }
  return 0;
}
