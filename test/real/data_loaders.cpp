// Real-header tier: batches of torch::data loaders carry what the user's
// dataset's get() returns (models/DataLoaders.cpp): through Stack<>, as a
// vector of examples without it, and with the data left unknown by
// Normalize<>; a dataset moved into its loader keeps its members.
#include <torch/torch.h>

class Labelled : public torch::data::datasets::Dataset<Labelled> {
public:
  explicit Labelled(int64_t n) {
    labels_ = torch::zeros({n}, torch::kInt32);
    features_ = torch::randn({n, 4});
  }
  torch::data::Example<> get(size_t i) override {
    return {features_[i], labels_[i]};
  }
  c10::optional<size_t> size() const override { return labels_.size(0); }

private:
  torch::Tensor features_, labels_;
};

void stacked_int32_targets() {
  auto loader = torch::data::make_data_loader(
      Labelled(16).map(torch::data::transforms::Stack<>()), 4);
  torch::nn::Linear head(4, 3);
  for (auto &batch : *loader) {
    auto loss = torch::nn::functional::cross_entropy(head(batch.data), batch.target);
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'cross_entropy' needs a target of class indices of dtype Long but gets Int{{.*}} [torchdtype-loss-target-dtype]
  }
}

void stacked_targets_converted_negative() {
  auto loader = torch::data::make_data_loader(
      Labelled(16).map(torch::data::transforms::Stack<>()), 4);
  torch::nn::Linear head(4, 3);
  for (auto &batch : *loader)
    auto loss = torch::nn::functional::cross_entropy(head(batch.data),
                                                     batch.target.to(torch::kLong));
}

// Without Stack<> a batch is a vector of examples.
void examples_one_by_one(int64_t n) {
  auto loader = torch::data::make_data_loader(Labelled(n), 4);
  for (auto &examples : *loader)
    for (auto &ex : examples)
      auto y = torch::mm(ex.data.unsqueeze(0).to(torch::kDouble),
                         torch::randn({4, 2}));
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

// Normalize<> computes the data anew: only the target is known.
void normalized_then_stacked() {
  auto loader = torch::data::make_data_loader(
      Labelled(16)
          .map(torch::data::transforms::Normalize<>(0.5, 0.25))
          .map(torch::data::transforms::Stack<>()),
      4);
  for (auto &batch : *loader) {
    auto x = torch::mm(batch.data, torch::randn({4, 2}));
    auto hits = batch.target.eq(1).sum();
    auto loss = torch::nn::functional::nll_loss(torch::randn({4, 3}), batch.target);
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'nll_loss' needs a target of class indices of dtype Long but gets Int{{.*}} [torchdtype-loss-target-dtype]
  }
}

// A loader given to a function template: the batch's type names the dataset.
template <typename Loader> void train_epoch(Loader &loader) {
  torch::nn::Linear head(4, 3);
  for (auto &batch : loader)
    auto loss = torch::nn::functional::cross_entropy(head(batch.data), batch.target);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'cross_entropy' needs a target of class indices of dtype Long but gets Int{{.*}} [torchdtype-loss-target-dtype]
}

void through_a_template() {
  auto loader = torch::data::make_data_loader(
      Labelled(16).map(torch::data::transforms::Stack<>()), 4);
  train_epoch(*loader);
}
