// scenario: support-ticket router trained from a custom torch::data dataset whose token ids and labels come from int vectors
// tier: 3
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <random>
#include <vector>

namespace {

constexpr int64_t kVocab = 500;
constexpr int64_t kSeqLen = 12;
constexpr int64_t kQueues = 6;

struct Ticket {
  std::vector<int> token_ids;
  int queue;
};

class TicketDataset : public torch::data::datasets::Dataset<TicketDataset> {
public:
  explicit TicketDataset(std::vector<Ticket> tickets) : tickets_(std::move(tickets)) {}

  torch::data::Example<> get(size_t index) override {
    const Ticket &t = tickets_[index];
    return {torch::tensor(t.token_ids), torch::tensor(t.queue)};
  }

  torch::optional<size_t> size() const override { return tickets_.size(); }

private:
  std::vector<Ticket> tickets_;
};

std::vector<Ticket> load_tickets(size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> token(1, kVocab - 1), queue(0, kQueues - 1);
  std::vector<Ticket> out(n);
  for (auto &t : out) {
    t.queue = queue(rng);
    for (int64_t i = 0; i < kSeqLen; ++i)
      t.token_ids.push_back((token(rng) + 37 * t.queue) % kVocab);
  }
  return out;
}

struct Router : torch::nn::Module {
  Router() {
    embed = register_module("embed", torch::nn::Embedding(kVocab, 32));
    head = register_module("head", torch::nn::Linear(32, kQueues));
  }
  torch::Tensor forward(const torch::Tensor &tokens) {
    return head(embed(tokens).mean(1));
  }
  torch::nn::Embedding embed{nullptr};
  torch::nn::Linear head{nullptr};
};

template <typename Loader>
std::pair<double, int64_t> train_epoch(Router &model, Loader &loader,
                                       torch::optim::Optimizer &optimizer) {
  double loss_sum = 0.0;
  int64_t correct = 0;
  for (auto &batch : loader) {
    const torch::Tensor &tokens = batch.data;
    const torch::Tensor &targets = batch.target;
    auto logits = model.forward(tokens);
    auto loss = torch::nll_loss(torch::log_softmax(logits, 1), targets);
    optimizer.zero_grad();
    loss.backward();
    optimizer.step();
    loss_sum += loss.item<double>() * targets.size(0);
    correct += logits.argmax(1).eq(targets).sum().item<int64_t>();
  }
  return {loss_sum, correct};
}

} // namespace

int main() {
  torch::manual_seed(5);
  auto dataset = TicketDataset(load_tickets(240, 99)).map(torch::data::transforms::Stack<>());
  auto loader = torch::data::make_data_loader<torch::data::samplers::RandomSampler>(
      std::move(dataset), torch::data::DataLoaderOptions().batch_size(16));

  Router model;
  torch::optim::SGD optimizer(model.parameters(), torch::optim::SGDOptions(0.5));
  torch::optim::StepLR scheduler(optimizer, /*step_size=*/2, /*gamma=*/0.5);

  for (int epoch = 0; epoch < 5; ++epoch) {
    auto [loss_sum, correct] = train_epoch(model, *loader, optimizer);
    scheduler.step();
    std::cout << "epoch " << epoch << " loss " << loss_sum / 240 << " acc "
              << static_cast<double>(correct) / 240 << "\n";
  }
  return 0;
}
