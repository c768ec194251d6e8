// scenario: an evaluation tool converts the features to float64 unless --fast is given, but the classifier weights stay float32
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <cstring>
#include <iostream>
#include <string>

struct EvalOptions {
  bool fast = false;
  int64_t batch = 16;
};

EvalOptions parse_options(int argc, char **argv) {
  EvalOptions o;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--fast")) o.fast = true;
    else if (!std::strcmp(argv[i], "--batch") && i + 1 < argc) o.batch = std::stoll(argv[++i]);
  }
  return o;
}

int main(int argc, char **argv) {
  torch::manual_seed(0);
  const EvalOptions opts = parse_options(argc, argv);
  auto features = torch::randn({opts.batch, 48});
  auto weights = torch::randn({48, 10}) * 0.1;
  if (!opts.fast) {
    // reference mode: compute the scores in double to compare against the exported model
    features = features.to(torch::kDouble);
  }
  auto scores = torch::mm(features, weights); // BUG
  auto predicted = scores.argmax(1);
  std::cout << "predicted classes: " << predicted.slice(0, 0, 8) << "\n";
  return 0;
}
