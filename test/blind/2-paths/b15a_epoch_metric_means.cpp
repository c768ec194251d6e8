// scenario: per-epoch metric accumulator in a std::map sums float losses and integer hit/token counts, then divides every entry by the batch count
// tier: 2
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>

int main() {
  torch::manual_seed(3);
  torch::nn::Linear classifier(20, 5);
  const int64_t num_batches = 8;

  std::map<std::string, torch::Tensor> totals;
  for (int64_t b = 0; b < num_batches; ++b) {
    auto feats = torch::randn({32, 20});
    auto labels = torch::randint(0, 5, {32});
    auto valid = torch::rand({32}) > 0.1;

    torch::NoGradGuard no_grad;
    auto logits = classifier(feats);
    auto loss = torch::nn::functional::cross_entropy(logits, labels);
    auto hits = (logits.argmax(1) == labels).logical_and(valid).sum();
    auto count = valid.sum();

    if (totals.empty()) {
      totals["loss"] = loss.detach().clone();
      totals["hits"] = hits;
      totals["count"] = count;
    } else {
      totals["loss"] += loss.detach();
      totals["hits"] += hits;
      totals["count"] += count;
    }
  }

  double accuracy = totals["hits"].item<double>() / totals["count"].item<double>();

  // turn the sums into per-batch means for the log line
  for (auto& kv : totals) {
    kv.second /= num_batches; // BUG
  }

  for (const auto& kv : totals) {
    std::cout << kv.first << "/batch = " << kv.second.item<double>() << "\n";
  }
  std::cout << "accuracy = " << accuracy << "\n";
  return 0;
}
