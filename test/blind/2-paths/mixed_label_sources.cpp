// scenario: classifier loss over batches labelled by annotators (int32 ids), a hard teacher or a soft teacher
// tier: 2
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <variant>
#include <vector>

struct HardTeacher {
  torch::Tensor logits;
};
struct SoftTeacher {
  torch::Tensor logits;
  double temperature;
};
using LabelSource = std::variant<std::vector<int32_t>, HardTeacher, SoftTeacher>;

int main() {
  torch::manual_seed(5);
  const int64_t batch = 6;
  const int64_t num_classes = 4;
  const int64_t in_dim = 10;

  torch::nn::Linear classifier(in_dim, num_classes);
  torch::optim::SGD opt(classifier->parameters(), torch::optim::SGDOptions(0.1));

  std::vector<LabelSource> sources;
  sources.emplace_back(std::vector<int32_t>{0, 1, 2, 3, 1, 0});
  sources.emplace_back(HardTeacher{torch::randn({batch, num_classes})});
  sources.emplace_back(SoftTeacher{torch::randn({batch, num_classes}), 2.0});

  double total = 0.0;
  for (size_t i = 0; i < sources.size(); ++i) {
    auto inputs = torch::randn({batch, in_dim});
    auto logits = classifier(inputs);

    torch::Tensor targets;
    const char *kind = "";
    if (auto *ids = std::get_if<std::vector<int32_t>>(&sources[i])) {
      // Annotation files store class ids as int32.
      targets = torch::from_blob(ids->data(), {static_cast<int64_t>(ids->size())}, torch::kInt)
                    .to(torch::kLong);
      kind = "annotated";
    } else if (auto *hard = std::get_if<HardTeacher>(&sources[i])) {
      targets = hard->logits.argmax(1);
      kind = "hard teacher";
    } else {
      auto &soft = std::get<SoftTeacher>(sources[i]);
      targets = torch::softmax(soft.logits / soft.temperature, 1);
      kind = "soft teacher";
    }

    auto loss = torch::nn::functional::cross_entropy(logits, targets);
    opt.zero_grad();
    loss.backward();
    opt.step();

    total += loss.item<double>();
    std::cout << kind << " targets " << targets.dtype() << " loss " << loss.item<float>()
              << "\n";
  }

  auto mean_loss = total / static_cast<double>(sources.size());
  std::cout << "mean loss " << mean_loss << "\n";
  return std::isfinite(mean_loss) ? 0 : 1;
}
