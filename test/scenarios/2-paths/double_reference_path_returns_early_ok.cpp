// scenario: a scoring tool handles float64 checkpoints on a separate path that converts the weights and returns early; the float32 path never sees double data
// tier: 2
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

int main(int argc, char **argv) {
  torch::manual_seed(0);
  const bool fp64_checkpoint = argc < 2; // the bundled checkpoint is float64
  auto embeddings = fp64_checkpoint ? torch::randn({12, 16}, torch::kDouble) : torch::randn({12, 16});
  auto classifier = torch::randn({16, 4});

  if (embeddings.scalar_type() == torch::kDouble) {
    auto w = classifier.to(torch::kDouble);
    auto scores = torch::mm(embeddings, w);
    std::cout << "fp64 scores, argmax " << scores.argmax(1) << "\n";
    return 0;
  }

  auto scores = torch::mm(embeddings, classifier);
  std::cout << "fp32 scores, argmax " << scores.argmax(1) << "\n";
  return 0;
}
