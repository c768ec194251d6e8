// scenario: data pipeline holds a shared_ptr<TargetEncoder>; the CompactIndexEncoder stores class ids as int32 to halve the label cache, and the training step hands them to nll_loss
// tier: 3
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>
#include <iostream>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

class TargetEncoder {
 public:
  explicit TargetEncoder(std::unordered_map<std::string, int64_t> index) : index_(std::move(index)) {}
  virtual ~TargetEncoder() = default;
  virtual torch::Tensor encode(const std::vector<std::string>& labels) const = 0;
  int64_t num_classes() const { return static_cast<int64_t>(index_.size()); }

 protected:
  std::unordered_map<std::string, int64_t> index_;
};

class CompactIndexEncoder : public TargetEncoder {
 public:
  using TargetEncoder::TargetEncoder;
  torch::Tensor encode(const std::vector<std::string>& labels) const override {
    std::vector<int32_t> ids;
    for (const auto& l : labels) ids.push_back(static_cast<int32_t>(index_.at(l)));
    return torch::tensor(ids, torch::kInt);
  }
};

struct Pipeline {
  std::shared_ptr<TargetEncoder> encoder;
  torch::nn::Linear classifier{nullptr};

  double train_step(torch::optim::Optimizer& opt, const torch::Tensor& features,
                    const std::vector<std::string>& labels) {
    auto targets = encoder->encode(labels);
    opt.zero_grad();
    auto log_probs = torch::log_softmax(classifier(features), /*dim=*/1);
    auto loss = torch::nll_loss(log_probs, targets); // BUG
    loss.backward();
    opt.step();
    return loss.item<double>();
  }
};

int main() {
  torch::manual_seed(79);
  std::unordered_map<std::string, int64_t> index{{"cat", 0}, {"dog", 1}, {"bird", 2}};
  Pipeline pipe;
  pipe.encoder = std::make_shared<CompactIndexEncoder>(index);
  pipe.classifier = torch::nn::Linear(5, pipe.encoder->num_classes());
  torch::optim::SGD opt(pipe.classifier->parameters(), torch::optim::SGDOptions(0.1));

  auto features = torch::randn({4, 5});
  std::vector<std::string> labels{"dog", "cat", "bird", "dog"};
  std::cout << "loss " << pipe.train_step(opt, features, labels) << "\n";
  return 0;
}
