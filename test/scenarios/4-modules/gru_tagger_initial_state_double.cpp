// scenario: a GRU tagger gets a float64 initial hidden state from a helper that encodes document metadata
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>

struct TaggerImpl : torch::nn::Module {
  TaggerImpl(int64_t vocab, int64_t dim, int64_t tags)
      : embed(register_module("embed", torch::nn::Embedding(vocab, dim))),
        gru(register_module("gru", torch::nn::GRU(torch::nn::GRUOptions(dim, dim).batch_first(true)))),
        proj(register_module("proj", torch::nn::Linear(dim, tags))) {}

  torch::Tensor forward(const torch::Tensor &ids, const torch::Tensor &h0) {
    auto out = std::get<0>(gru(embed(ids), h0)); // BUG
    return proj(out);
  }

  torch::nn::Embedding embed;
  torch::nn::GRU gru;
  torch::nn::Linear proj;
};
TORCH_MODULE(Tagger);

// Encodes (year, page count) metadata as the initial state; built in double.
torch::Tensor metadata_state(int64_t batch, int64_t dim) {
  auto year = torch::full({batch, 1}, 2019.0, torch::kDouble);
  auto feat = torch::sin(year / torch::arange(1, dim + 1, torch::kDouble));
  return feat.unsqueeze(0);  // (layers, batch, dim)
}

int main() {
  torch::manual_seed(0);
  Tagger tagger(100, 8, 5);
  auto ids = torch::randint(0, 100, {2, 7});
  auto tags = tagger->forward(ids, metadata_state(2, 8)).argmax(-1);
  std::cout << tags << "\n";
  return 0;
}
