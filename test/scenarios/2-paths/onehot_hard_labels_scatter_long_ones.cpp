// scenario: target encoding for distillation builds one-hot rows with scatter_; the hard-label path (the default) scatters an int64 ones tensor into the float32 matrix
// tier: 2
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: scatter(): Expected self.dtype to be equal to src.dtype
#include <torch/torch.h>
#include <cstdlib>
#include <iostream>

int main(int argc, char **argv) {
  torch::manual_seed(0);
  const int64_t classes = 7, n = 10;
  const double label_smoothing = argc > 1 ? std::atof(argv[1]) : 0.0;
  const bool hard_labels = label_smoothing == 0.0;

  auto labels = torch::randint(0, classes, {n, 1});
  auto encoded = torch::zeros({n, classes});
  if (hard_labels) {
    encoded.scatter_(1, labels, torch::ones_like(labels)); // BUG
  } else {
    encoded.fill_(label_smoothing / classes);
    encoded.scatter_(1, labels, 1.0 - label_smoothing + label_smoothing / classes);
  }

  auto student_logits = torch::randn({n, classes});
  auto loss = -(encoded * torch::log_softmax(student_logits, 1)).sum(1).mean();
  std::cout << "distillation loss " << loss.item<float>() << "\n";
  return 0;
}
