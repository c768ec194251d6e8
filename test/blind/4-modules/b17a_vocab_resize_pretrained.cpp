// scenario: a tagger grows its vocabulary with replace_module, then pastes pretrained vectors for the new words; the vectors come from a float64 export and index_copy_ needs the weight's dtype
// tier: 4
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_copy_(): self and source expected to have the same dtype
#include <torch/torch.h>

#include <iostream>
#include <map>
#include <string>
#include <vector>

using StateMap = std::map<std::string, torch::Tensor>;

struct TaggerImpl : torch::nn::Module {
  TaggerImpl(int64_t vocab, int64_t dim, int64_t tags) : dim_(dim) {
    tok_embed = register_module("tok_embed", torch::nn::Embedding(vocab, dim));
    proj = register_module("proj", torch::nn::Linear(dim, tags));
  }

  torch::Tensor forward(const torch::Tensor &ids) { return proj(tok_embed(ids)); }

  // Keeps the trained rows and appends freshly initialised ones.
  void resize_token_embeddings(int64_t new_vocab) {
    torch::NoGradGuard no_grad;
    auto old = tok_embed->weight;
    torch::nn::Embedding bigger(new_vocab, dim_);
    auto rows = torch::arange(old.size(0));
    bigger->weight.index_copy_(0, rows, old);
    tok_embed = replace_module("tok_embed", bigger);
  }

  // Pastes pretrained vectors for the given word ids and loads the head.
  void load_pretrained(const StateMap &state, const std::vector<int64_t> &word_ids) {
    torch::NoGradGuard no_grad;
    proj->weight.copy_(state.at("proj.weight"));
    proj->bias.copy_(state.at("proj.bias"));
    auto index = torch::tensor(word_ids, torch::kLong);
    auto vectors = state.at("vectors");
    tok_embed->weight.index_copy_(0, index, vectors); // BUG
  }

  int64_t dim_;
  torch::nn::Embedding tok_embed{nullptr};
  torch::nn::Linear proj{nullptr};
};
TORCH_MODULE(Tagger);

// Stand-in for the reader of a .npz export: numpy arrays default to float64.
StateMap read_export(int64_t n_words, int64_t dim, int64_t tags) {
  auto f64 = torch::TensorOptions().dtype(torch::kFloat64);
  StateMap state;
  state["vectors"] = torch::randn({n_words, dim}, f64);
  state["proj.weight"] = torch::randn({tags, dim}, f64) * 0.1;
  state["proj.bias"] = torch::zeros({tags}, f64);
  return state;
}

int main() {
  torch::manual_seed(0);
  const int64_t dim = 12, tags = 5;
  Tagger tagger(100, dim, tags);

  std::vector<int64_t> new_words = {100, 101, 102, 103};
  tagger->resize_token_embeddings(104);
  auto state = read_export(static_cast<int64_t>(new_words.size()), dim, tags);
  tagger->load_pretrained(state, new_words);

  auto sentence = torch::tensor({3, 100, 57, 102}, torch::kLong).unsqueeze(0);
  auto pred = tagger->forward(sentence).argmax(-1);
  std::cout << "tags " << pred << "\n";
  return 0;
}
